import fc from 'fast-check';
import { loggableBody, MAX_LOGGED_BODY_CHARS, REDACTED, redactBody, redactedJsonLength } from './redaction';

describe('loggableBody', () => {
  it('measures exactly what the redacted copy would serialise to, for any parsed JSON body', () => {
    const secretKeys = fc.constantFrom('otp', 'Password', 'refreshToken', 'token');
    const key = fc.oneof(fc.string(), secretKeys);
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        tie('array'),
        tie('object'),
      ),
      array: fc.array(tie('value'), { maxLength: 5 }),
      object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        // A parsed body: what JSON.parse gives back (-0 becomes 0, for one).
        const body = JSON.parse(JSON.stringify(value)) as unknown;
        expect(redactedJsonLength(body)).toBe(JSON.stringify(redactBody(body)).length);
      }),
    );
  });

  it('counts a body nested past the redaction depth as the marker it becomes', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 20; level += 1) deep = [deep];
    expect(redactedJsonLength(deep)).toBe(JSON.stringify(redactBody(deep)).length);
    expect(JSON.stringify(redactBody(deep))).toContain(REDACTED);
  });

  it('keeps a small body redacted and replaces a large one by its measured length', () => {
    expect(loggableBody({ name: 'Ada', otp: '123456' })).toEqual({ name: 'Ada', otp: REDACTED });
    const large = { items: Array.from({ length: 2_000 }, (_, index) => ({ index })) };
    expect(loggableBody(large)).toEqual({ truncated: true, length: JSON.stringify(large).length });
    expect(JSON.stringify(large).length).toBeGreaterThan(MAX_LOGGED_BODY_CHARS);
    expect(loggableBody(null)).toBeNull();
  });
});
