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

/**
 * The length of `JSON.stringify(redactBody(body))`, for a parsed JSON body, worked out without
 * making the redacted copy or its text: a body too large to log is measured, not copied.
 */
export function redactedJsonLength(body: unknown, depth = 0): number {
  if (depth > 8) return JSON.stringify(REDACTED).length;
  if (Array.isArray(body)) {
    let length = 2 + Math.max(0, body.length - 1);
    for (const item of body) length += item === undefined ? 4 : redactedJsonLength(item, depth + 1);
    return length;
  }
  if (typeof body === 'object' && body !== null) {
    let length = 2;
    let fields = 0;
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined) continue;
      fields += 1;
      length += JSON.stringify(key).length + 1;
      length += SECRET_FIELDS.has(key.toLowerCase()) ? JSON.stringify(REDACTED).length : redactedJsonLength(value, depth + 1);
    }
    return length + Math.max(0, fields - 1);
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
