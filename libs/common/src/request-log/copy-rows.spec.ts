import fc from 'fast-check';
import { type CopyFieldKind, copyRows, copyText } from './copy-rows';

/** How PostgreSQL reads COPY text back (the escapes copyRows writes, and `\N`). */
function readCopyRows(text: string): Array<Array<string | null>> {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) =>
      line
        .split('\t')
        .map((field) =>
          field === '\\N'
            ? null
            : field.replace(/\\(.)/g, (_, character: string) => ({ t: '\t', n: '\n', r: '\r' })[character] ?? character),
        ),
    );
}

interface Row {
  name: string | null;
  at: Date;
  count: number;
  data: unknown;
}
const FIELDS: ReadonlyArray<readonly [keyof Row, CopyFieldKind]> = [
  ['name', 'text'],
  ['at', 'timestamptz'],
  ['count', 'number'],
  ['data', 'json'],
];

describe('copyRows', () => {
  it('writes each kind of field, NULL as \\N, a row a line', () => {
    const at = new Date('2026-11-26T08:00:00.123Z');
    const text = copyRows<Row>(
      [
        { name: 'plain', at, count: 1.25, data: { a: [1, 'two'] } },
        { name: null, at, count: 200, data: null },
      ],
      FIELDS,
    );
    expect(text).toBe('plain\t2026-11-26T08:00:00.123Z\t1.25\t{"a":[1,"two"]}\n\\N\t2026-11-26T08:00:00.123Z\t200\t\\N\n');
  });

  it('escapes backslashes, tabs and line ends in text, and backslashes in JSON', () => {
    const text = copyRows<Row>([{ name: 'a\\b\tc\nd\re', at: new Date(0), count: 0, data: { 'k\t': 'v\\\n"' } }], FIELDS);
    expect(text).toBe('a\\\\b\\tc\\nd\\re\t1970-01-01T00:00:00.000Z\t0\t{"k\\\\t":"v\\\\\\\\\\\\n\\\\""}\n');
    expect(text.split('\n')).toHaveLength(2);
  });

  it('writes a NUL in text as U+FFFD, and keeps JSON’s own \\u0000 escape', () => {
    expect(copyText('a\0b')).toBe('a\uFFFDb');
    const [[, , , data]] = readCopyRows(copyRows<Row>([{ name: 'x', at: new Date(0), count: 0, data: 'a\0b' }], FIELDS)) as [
      Array<string | null>,
    ];
    expect(data).toBe('"a\\u0000b"');
  });

  it('refuses a value of the wrong kind rather than writing something else', () => {
    expect(() => copyRows<Row>([{ name: 1 as unknown as string, at: new Date(0), count: 0, data: null }], FIELDS)).toThrow(
      'a number is not a COPY text field',
    );
    expect(() => copyRows<Row>([{ name: 'x', at: '2026' as unknown as Date, count: 0, data: null }], FIELDS)).toThrow(
      'a string is not a COPY timestamptz field',
    );
  });

  it('reads back as written, whatever the text and JSON', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.option(fc.string({ unit: 'binary' })), data: fc.option(fc.jsonValue()) })), (values) => {
        const rows = values.map(({ name, data }) => ({ name, at: new Date(0), count: 1, data }));
        if (rows.length === 0) return;
        const read = readCopyRows(copyRows<Row>(rows, FIELDS));
        expect(read.map(([name]) => name)).toEqual(values.map(({ name }) => (name === null ? null : name.replaceAll('\0', '\uFFFD'))));
        expect(read.map(([, , , data]) => (data === null || data === undefined ? null : (JSON.parse(data) as unknown)))).toEqual(
          values.map(({ data }) => (data === null ? null : (JSON.parse(JSON.stringify(data)) as unknown))),
        );
      }),
    );
  });
});
