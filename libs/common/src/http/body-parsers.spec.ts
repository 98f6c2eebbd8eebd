import { bodyLimitFor, UNAUTHENTICATED_BODY_LIMIT } from './body-parsers';

describe('bodyLimitFor', () => {
  const limit = 50 * 1024 * 1024;

  it('keeps the small limit for a caller without a bearer token', () => {
    for (const authorization of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer   ']) {
      expect(bodyLimitFor({ headers: { authorization } }, limit)).toBe(UNAUTHENTICATED_BODY_LIMIT);
    }
  });

  it("gives a bearer's request the service's limit, never more", () => {
    expect(bodyLimitFor({ headers: { authorization: 'Bearer abc.def.ghi' } }, limit)).toBe(limit);
    expect(bodyLimitFor({ headers: { authorization: 'bearer abc' } }, limit)).toBe(limit);
    expect(bodyLimitFor({ headers: {} }, 1024)).toBe(1024);
  });
});
