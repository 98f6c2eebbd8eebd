/** Headers whose values never reach the log. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key']);
/**
 * Body fields whose values never reach the log, wherever they are nested: secrets, and the
 * self-reported demographics (special-category data, docs/privacy.md), kept only in their own table.
 */
const SECRET_FIELDS = new Set([
  'otp',
  'codeverifier',
  'codechallenge',
  'refreshtoken',
  'accesstoken',
  'password',
  'token',
  'secret',
  'sex',
  'raceethnicity',
]);

export const REDACTED = '[redacted]';
/** A logged body is cut past this many characters of JSON. */
export const MAX_LOGGED_BODY_CHARS = 8_192;

/** rawHeaders is [name, value, name, value, …] as Node gives it. */
export function redactRawHeaders(rawHeaders: readonly string[]): string[] {
  return rawHeaders.map((value, index) => {
    if (index % 2 === 0) return value;
    const name = rawHeaders[index - 1]?.toLowerCase() ?? '';
    return SECRET_HEADERS.has(name) ? REDACTED : value;
  });
}

/** A lone UTF-16 surrogate, or NUL: JSON text can carry both, PostgreSQL's jsonb takes neither. */
const NOT_STORABLE_SOURCE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]|\\u0000';
const HAS_NOT_STORABLE = new RegExp(NOT_STORABLE_SOURCE);
const EVERY_NOT_STORABLE = new RegExp(NOT_STORABLE_SOURCE, 'g');

/**
 * The text as the log stores it: a lone surrogate or NUL becomes U+FFFD, so that every stored body
 * converts to jsonb (the retention pass reduces bodies as jsonb: one that could not convert would
 * fail every pass). Everything else is left as the client sent it.
 */
export const storableText = (text: string): string => (HAS_NOT_STORABLE.test(text) ? text.replace(EVERY_NOT_STORABLE, '\uFFFD') : text);

export function redactBody(body: unknown, depth = 0): unknown {
  if (depth > 8) return REDACTED;
  if (Array.isArray(body)) return body.map((item) => redactBody(item, depth + 1));
  if (typeof body === 'object' && body !== null) {
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => [
        storableText(key),
        SECRET_FIELDS.has(key.toLowerCase()) ? REDACTED : redactBody(value, depth + 1),
      ]),
    );
  }
  return typeof body === 'string' ? storableText(body) : body;
}

/** What JSON.stringify writes as more than itself (quotes, backslashes, controls) or storableText changes (surrogates, NUL). */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NOT_PLAIN = /["\\\u0000-\u001f\uD800-\uDFFF]/;
const REDACTED_LENGTH = JSON.stringify(REDACTED).length;

/** The length of a text as the log stores it, in JSON: without a copy for plain text, the common case. */
const storedStringLength = (text: string): number => (NOT_PLAIN.test(text) ? JSON.stringify(storableText(text)).length : text.length + 2);

/**
 * The length of `JSON.stringify(redactBody(body))`, for a parsed JSON body, worked out without
 * making the redacted copy or its text: a body too large to log is measured, not copied.
 */
export function redactedJsonLength(body: unknown, depth = 0): number {
  if (depth > 8) return REDACTED_LENGTH;
  if (typeof body === 'string') return storedStringLength(body);
  if (Array.isArray(body)) {
    let length = 2 + Math.max(0, body.length - 1);
    for (const item of body) length += item === undefined ? 4 : redactedJsonLength(item, depth + 1);
    return length;
  }
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    // Two field names that store as the same text are one field, the later value kept, as in the copy.
    const stored = keys.some((key) => HAS_NOT_STORABLE.test(key)) ? new Map(keys.map((key) => [storableText(key), key])) : null;
    const fields = stored ? [...stored] : keys.map((key) => [key, key] as const);
    let length = 2 + Math.max(0, fields.length - 1);
    for (const [name, key] of fields)
      length +=
        storedStringLength(name) +
        1 +
        (SECRET_FIELDS.has(key.toLowerCase()) ? REDACTED_LENGTH : redactedJsonLength(record[key], depth + 1));
    return length;
  }
  return JSON.stringify(body)?.length ?? 0;
}

/** Redacted, and replaced by a marker when too large to be worth keeping (measured before it is copied). */
export function loggableBody(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  const length = redactedJsonLength(body);
  if (length > MAX_LOGGED_BODY_CHARS) return { truncated: true, length };
  return redactBody(body);
}
