import fc from 'fast-check';
import { loggableBody, MAX_LOGGED_BODY_CHARS, REDACTED, redactBody, redactedJsonLength, storableText } from './redaction';

describe('loggableBody', () => {
  it('measures exactly what the redacted copy would serialise to, for any parsed JSON body', () => {
    const secretKeys = fc.constantFrom('otp', 'Password', 'refreshToken', 'token');
    // Any UTF-16 code units, lone surrogates and NUL included, in names and in values.
    const text = fc.string({ unit: 'binary', maxLength: 4 });
    const key = fc.oneof(text, secretKeys);
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
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
    // Self-reported demographics are special-category data: kept in their own table, never in the log.
    expect(loggableBody({ sex: 'FEMALE', raceEthnicity: 'ASIAN', consent: true })).toEqual({
      sex: REDACTED,
      raceEthnicity: REDACTED,
      consent: true,
    });
    const large = { items: Array.from({ length: 2_000 }, (_, index) => ({ index })) };
    expect(loggableBody(large)).toEqual({ truncated: true, length: JSON.stringify(large).length });
    expect(JSON.stringify(large).length).toBeGreaterThan(MAX_LOGGED_BODY_CHARS);
    expect(loggableBody(null)).toBeNull();
  });

  it('stores a lone surrogate or NUL as U+FFFD, in names and values, and leaves pairs and other text alone', () => {
    expect(storableText('a\uD800b\uDC00c\u0000')).toBe('a\uFFFDb\uFFFDc\uFFFD');
    expect(storableText('😀 é')).toBe('😀 é');
    expect(loggableBody(JSON.parse('{"x\\ud800":"\\udfff","ok":"😀"}'))).toEqual({ 'x\uFFFD': '\uFFFD', ok: '😀' });
    // Twice in a row (a regular expression's state must not carry over from one text to the next).
    expect([storableText('\uD800'), storableText('\uD800')]).toEqual(['\uFFFD', '\uFFFD']);
  });
});
