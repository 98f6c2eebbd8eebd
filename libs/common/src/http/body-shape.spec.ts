import { BODY_REFUSED, MAX_BODY_DEPTH, refuseUnacceptableBody } from './body-shape';
import { BodyReadError } from './request-body';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

const refusal = (body: unknown): { status: number; type: string; message: string } | undefined => {
  try {
    refuseUnacceptableBody(body);
    return undefined;
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error;
    return { status: error.status, type: error.type, message: error.message };
  }
};

describe('refuseUnacceptableBody', () => {
  it('accepts ordinary bodies, and nesting up to the limit', () => {
    expect(refusal({ name: 'Ada', user: { firstName: 'Ada', tags: ['a', 'b'] }, n: 1, ok: true, none: null })).toBeUndefined();
    expect(refusal(nested(MAX_BODY_DEPTH))).toBeUndefined();
    expect(refusal(undefined)).toBeUndefined();
  });

  it('refuses a body nested one level past the limit, and one nested 100,000 deep without overflowing', () => {
    const message = `The body is nested deeper than ${MAX_BODY_DEPTH} levels`;
    expect(refusal(nested(MAX_BODY_DEPTH + 1))).toEqual({ status: 400, type: BODY_REFUSED, message });
    expect(refusal(nested(100_000))).toEqual({ status: 400, type: BODY_REFUSED, message });
  });

  it('refuses a NUL character in any string, naming the field', () => {
    expect(refusal({ user: { firstName: 'A\u0000da' } })?.message).toBe('user.firstName contains a NUL character');
    expect(refusal({ tags: ['ok', 'b\u0000'] })?.message).toBe('tags[1] contains a NUL character');
    expect(refusal({ 'bad\u0000key': 1 })?.message).toBe('A field name of the body contains a NUL character');
    expect(refusal({ user: { 'bad\u0000key': 1 } })?.message).toBe('A field name in user contains a NUL character');
    expect(refusal(['\u0000'])?.message).toBe('[0] contains a NUL character');
    expect(refusal({ ['k'.repeat(10_000)]: '\u0000' })?.message).toBe(`${'k'.repeat(64)}… contains a NUL character`);
  });
});
