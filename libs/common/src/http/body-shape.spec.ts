import { BODY_REFUSED, MAX_ARRAY_ITEMS, MAX_BODY_DEPTH, MAX_BODY_VALUES, MAX_OBJECT_FIELDS, refuseUnacceptableBody } from './body-shape';
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

  it('names the field through arrays and objects alike, and reads a parsed __proto__ as the field it is', () => {
    expect(refusal({ teams: [{ members: ['a', { name: 'b\u0000' }] }] })?.message).toBe(
      'teams[0].members[1].name contains a NUL character',
    );
    expect(refusal([[{ a: ['\u0000'] }]])?.message).toBe('[0][0].a[0] contains a NUL character');
    expect(refusal(JSON.parse('{"__proto__": "\\u0000"}'))?.message).toBe('__proto__ contains a NUL character');
  });

  it('refuses, naming the place, an array past MAX_ARRAY_ITEMS, an object past MAX_OBJECT_FIELDS, a body past MAX_BODY_VALUES', () => {
    const items = (count: number) => Array.from({ length: count }, () => ({}));
    const fields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]));
    expect(refusal(items(MAX_ARRAY_ITEMS))).toBeUndefined();
    expect(refusal(items(MAX_ARRAY_ITEMS + 1))?.message).toBe(`The body holds more than ${MAX_ARRAY_ITEMS} items`);
    expect(refusal({ members: [items(MAX_ARRAY_ITEMS + 1)] })?.message).toBe(`members[0] holds more than ${MAX_ARRAY_ITEMS} items`);
    expect(refusal(fields(MAX_OBJECT_FIELDS))).toBeUndefined();
    expect(refusal({ user: fields(MAX_OBJECT_FIELDS + 1) })?.message).toBe(`user has more than ${MAX_OBJECT_FIELDS} fields`);
    // Within each limit alone, but too many in all: the body and everything it holds count.
    const many = (values: number) =>
      Array.from({ length: Math.ceil(values / MAX_ARRAY_ITEMS) }, (_, index) =>
        items(Math.min(MAX_ARRAY_ITEMS, values - index * MAX_ARRAY_ITEMS)),
      );
    const atLimit = many(MAX_BODY_VALUES - 1 - Math.ceil((MAX_BODY_VALUES - 1) / MAX_ARRAY_ITEMS));
    expect(refusal(atLimit)).toBeUndefined();
    expect(refusal(many(MAX_BODY_VALUES))?.message).toBe(`The body holds more than ${MAX_BODY_VALUES} values`);
    const refusedOf = refusal(JSON.parse(`[${'{},'.repeat(300_000)}{}]`));
    expect(refusedOf).toEqual({ status: 400, type: BODY_REFUSED, message: `The body holds more than ${MAX_ARRAY_ITEMS} items` });
  });
});
