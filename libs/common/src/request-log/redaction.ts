/** Headers whose values never reach the log. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key']);
/** Body fields whose values never reach the log, wherever they are nested. */
const SECRET_FIELDS = new Set(['otp', 'codeverifier', 'codechallenge', 'refreshtoken', 'accesstoken', 'password', 'token', 'secret']);

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

export function redactBody(body: unknown, depth = 0): unknown {
  if (depth > 8) return REDACTED;
  if (Array.isArray(body)) return body.map((item) => redactBody(item, depth + 1));
  if (typeof body === 'object' && body !== null) {
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => [key, SECRET_FIELDS.has(key.toLowerCase()) ? REDACTED : redactBody(value, depth + 1)]),
    );
  }
  return body;
}

/** Redacted, and replaced by a marker when too large to be worth keeping. */
export function loggableBody(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  const redacted = redactBody(body);
  const json = JSON.stringify(redacted);
  if (json.length > MAX_LOGGED_BODY_CHARS) return { truncated: true, length: json.length };
  return redacted;
}
