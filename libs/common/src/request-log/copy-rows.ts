/**
 * Rows in PostgreSQL's COPY text format: fields separated by tabs, rows ended by a newline, SQL
 * NULL as `\N`, and a backslash, tab, newline or carriage return in a value written as its
 * backslash escape. COPY is PostgreSQL's cheapest way in for many rows, cheaper for it than the
 * same batches sent as one JSON document read back by json_to_recordset, and PostgreSQL shares the
 * machine with the services (docs/adr/0030-api-call-log-recording.md).
 */

/** How a field is written: a string as is, a Date as ISO text, a number as its digits, any value as JSON text. */
export type CopyFieldKind = 'text' | 'timestamptz' | 'number' | 'json';

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIALS = /[\\\t\n\r\0]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\uFFFD' };

/**
 * A text value as COPY reads it back unchanged. PostgreSQL's text cannot hold a NUL character in
 * any form, so one becomes U+FFFD (the replacement character) rather than losing the row's batch.
 */
export function copyText(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIALS, (character) => ESCAPES[character] ?? character) : value;
}

/**
 * JSON text as COPY reads it back unchanged. JSON.stringify escapes every control character
 * itself (a NUL becomes the six characters `\u0000`, which the json type keeps), so only its
 * backslashes need doubling.
 */
function copyJson(value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) return '\\N';
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

function copyField(value: unknown, kind: CopyFieldKind): string {
  if (value === null || value === undefined) return '\\N';
  switch (kind) {
    case 'text':
      if (typeof value === 'string') return copyText(value);
      break;
    case 'timestamptz':
      if (value instanceof Date) return value.toISOString();
      break;
    case 'number':
      if (typeof value === 'number') return String(value);
      break;
    case 'json':
      return copyJson(value);
  }
  throw new TypeError(`a ${typeof value} is not a COPY ${kind} field`);
}

/** The rows' fields in `fields` order, each row ended by a newline: the whole of a COPY … FROM STDIN. */
export function copyRows<Row>(
  rows: readonly Row[],
  fields: ReadonlyArray<readonly [field: keyof Row, kind: CopyFieldKind, ...rest: unknown[]]>,
): string {
  let out = '';
  for (const row of rows) {
    for (let index = 0; index < fields.length; index++) {
      const [field, kind] = fields[index] as readonly [keyof Row, CopyFieldKind, ...unknown[]];
      out += (index === 0 ? '' : '\t') + copyField(row[field], kind);
    }
    out += '\n';
  }
  return out;
}
