import { bodyLimitFor, UNAUTHENTICATED_BODY_LIMIT } from './body-parsers';

describe('bodyLimitFor', () => {
  const limit = 50 * 1024 * 1024;
  const genuine = (token: string) => token === 'abc.def.ghi';

  it('keeps the small limit for a caller without a bearer token', () => {
    for (const authorization of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer   ']) {
      expect(bodyLimitFor({ headers: { authorization } }, limit, genuine)).toBe(UNAUTHENTICATED_BODY_LIMIT);
    }
  });

  it('keeps the small limit for a token that is not genuine', () => {
    expect(bodyLimitFor({ headers: { authorization: 'Bearer forged' } }, limit, genuine)).toBe(UNAUTHENTICATED_BODY_LIMIT);
    expect(bodyLimitFor({ headers: { authorization: 'Bearer abc.def.ghi extra' } }, limit, genuine)).toBe(UNAUTHENTICATED_BODY_LIMIT);
  });

  it("gives a genuine bearer's request the service's limit, never more", () => {
    expect(bodyLimitFor({ headers: { authorization: 'Bearer abc.def.ghi' } }, limit, genuine)).toBe(limit);
    expect(bodyLimitFor({ headers: { authorization: 'bearer abc.def.ghi' } }, limit, genuine)).toBe(limit);
    expect(bodyLimitFor({ headers: {} }, 1024, genuine)).toBe(1024);
  });
});
