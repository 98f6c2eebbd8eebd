import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';

interface Rewrite {
  file: RegExp;
  expected: RegExp;
  replacements: Array<[string, string]>;
}
const { PG_REWRITES, rewritePg } = createRequire(__filename)('./bundle-pg.cjs') as { PG_REWRITES: Rewrite[]; rewritePg: (file: string, contents: string, rewrite: Rewrite) => string };

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}
interface ResultLike {
  rows: unknown[];
  addFields(fields: FieldDescription[]): void;
  parseRow(values: Array<string | null>): unknown;
}
type ResultClass = new (rowMode?: string) => ResultLike;
type NormalizeQueryConfig = (config: unknown, values?: unknown) => Record<string | symbol, unknown>;

const PG_LIB = path.dirname(createRequire(__filename).resolve('pg/lib/result.js'));

/** pg's own module `name` (in pg/lib), as it is or as the bundle rewrites it. */
function load<T>(name: string, rewritten: boolean): T {
  const file = path.join(PG_LIB, name);
  let source = readFileSync(file, 'utf8');
  if (rewritten) {
    const rewrite = PG_REWRITES.find((candidate) => candidate.file.test(file));
    if (!rewrite) throw new Error(`no rewrite for ${file}`);
    source = rewritePg(file, source, rewrite);
  }
  const loaded = new Module(file) as Module & { _compile(code: string, filename: string): void; paths: string[] };
  loaded.filename = file;
  loaded.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(PG_LIB);
  loaded._compile(source, file);
  return loaded.exports as T;
}

const TEXT = 25;
const INT4 = 23;
const fields = (...names: string[]): FieldDescription[] => names.map((name, index) => ({ name, dataTypeID: index % 2 === 0 ? TEXT : INT4, format: 'text' }));

describe("the bundle's rewrite of pg's result rows (bundle-pg.cjs)", () => {
  const original = load<ResultClass>('result.js', false);
  const rewritten = load<ResultClass>('result.js', true);

  const rowsOf = (Result: ResultClass, rowMode: string | undefined, description: FieldDescription[], values: Array<Array<string | null>>) => {
    const result = new Result(rowMode);
    result.addFields(description);
    return values.map((row) => result.parseRow(row));
  };

  it.each([
    ['plain columns', fields('id', 'count', 'name'), [['a', '1', 'x'], [null, '2', null]]],
    ['a repeated column name keeps its first place', fields('a', 'b', 'a'), [['1', '2', '3']]],
    ['a column named __proto__ is an own property', fields('__proto__', 'constructor', 'toString'), [['p', '7', 't']]],
    ['no columns', fields(), [[]]],
  ])('object rows are as pg makes them: %s', (_, description, values) => {
    for (const [before, after] of rowsOf(original, undefined, description, values).map((row, index) => [row, rowsOf(rewritten, undefined, description, values)[index]])) {
      expect(after).toEqual(before);
      expect(Object.getPrototypeOf(after)).toBe(Object.getPrototypeOf(before));
      expect(Object.getOwnPropertyNames(after)).toEqual(Object.getOwnPropertyNames(before));
      expect(Object.getOwnPropertyDescriptors(after)).toEqual(Object.getOwnPropertyDescriptors(before));
    }
  });

  it('array rows are as pg makes them, and build no empty row object', () => {
    const description = fields('id', 'count');
    expect(rowsOf(rewritten, 'array', description, [['a', '1']])).toEqual(rowsOf(original, 'array', description, [['a', '1']]));
    const result = new rewritten('array');
    result.addFields(description);
    expect((result as unknown as { _prebuiltEmptyResultObject: unknown })._prebuiltEmptyResultObject).toBeNull();
  });
});

describe("the bundle's rewrite of pg's query config copy (bundle-pg.cjs)", () => {
  // cloneQueryConfig is pg's own; normalizeQueryConfig, which every query goes through, calls it.
  const original = load<{ normalizeQueryConfig: NormalizeQueryConfig }>('utils.js', false).normalizeQueryConfig;
  const rewritten = load<{ normalizeQueryConfig: NormalizeQueryConfig }>('utils.js', true).normalizeQueryConfig;

  it.each([
    ['a plain literal', () => ({ name: 'n', text: 'SELECT 1', values: [1], rowMode: 'array' })],
    ['a class instance', () => new (class Config { text = 'SELECT 1'; })()],
    ['a symbol key', () => ({ text: 'SELECT 1', [Symbol.for('k')]: 1 })],
    ['a getter (its value is copied)', () => Object.defineProperty({ text: 'SELECT 1' }, 'values', { get: () => [1], enumerable: true })],
    ['a hidden key', () => Object.defineProperty({ text: 'SELECT 1' }, 'name', { value: 'n', enumerable: false })],
  ])('copies %s as pg does: a new object, the same prototype, keys and values', (_, make) => {
    const input = make();
    const [before, after] = [original(input), rewritten(input)];
    expect(after).not.toBe(input);
    expect(Object.getPrototypeOf(after)).toBe(Object.getPrototypeOf(before));
    expect(Reflect.ownKeys(after)).toEqual(Reflect.ownKeys(before));
    for (const key of Reflect.ownKeys(before)) expect(after[key]).toEqual(before[key]);
  });

  it('fails the build when pg no longer has the expected shape', () => {
    const rewrite = PG_REWRITES[0] as Rewrite;
    expect(() => rewritePg('result.js', 'class Result {}', rewrite)).toThrow('changed');
  });
});
