import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { parse as parseQueryString } from 'qs';
import { refuseUnacceptableBody } from './body-shape';
import { BodyReadError, charsetOf, discardBody, readBody } from './request-body';

/** Where a JSON text may start: bodies that are a bare string, number or literal are refused. */
const JSON_START = /^[ \t\n\r]*[[{]/;
const URLENCODED_PARAMETER_LIMIT = 1000;
const URLENCODED_DEPTH = 32;

/**
 * The body limit of a caller without a bearer token. Only the sign-in routes take a body without
 * one, and their bodies are a few hundred bytes; every other route will answer 401 anyway, so
 * nobody unauthenticated gets to make a service buffer and parse megabytes first.
 */
export const UNAUTHENTICATED_BODY_LIMIT = 64 * 1024;
/**
 * The largest JSON or urlencoded body any caller may send: what the platform's clients send is a
 * few kilobytes, the largest lists (a team of 1,000 members) tens of kilobytes. Parsing, the shape
 * walk, validation and the API-call log all grow with a body's size, so a body past this is refused
 * (413) before it is parsed. Uploads (multipart) are streamed by their routes and keep the
 * service's own limit.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;
const BEARER = /^\s*Bearer\s+(\S+)\s*$/i;

/**
 * Whether a bearer token is a genuine access token (signature, issuer, audience, expiry, and an
 * account's or a persona's access token: a login step's token unlocks nothing). Provided by the
 * service's security module under BEARER_CHECK; it answers from the guard's cache of verified
 * tokens, so the genuine token of a request costs no second verification.
 */
export type BearerCheck = (token: string) => boolean;
export const BEARER_CHECK = Symbol('BEARER_CHECK');

/**
 * The body limit for this request: `limit` (at most JSON_BODY_LIMIT for the parsed bodies) once
 * the caller presents a genuine access token, the small one otherwise. A made-up token ("Bearer
 * x") or a login step's token gets the small limit, so nobody who merely names an address makes a
 * service buffer megabytes before the guard refuses the call.
 */
export function bodyLimitFor(request: Pick<FastifyRequest, 'headers'>, limit: number, isGenuine: BearerCheck): number {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return token !== undefined && isGenuine(token) ? limit : Math.min(limit, UNAUTHENTICATED_BODY_LIMIT);
}

function decodeText(body: Buffer, charset: string): string {
  if (charset === 'utf-8') return body.toString('utf8');
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    throw new BodyReadError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`);
  }
}

/** An empty JSON body is an empty object; anything else must be an object or an array. */
export function parseJsonBody(body: Buffer, contentType: string | undefined): unknown {
  const charset = charsetOf(contentType) ?? 'utf-8';
  if (!charset.startsWith('utf-')) throw new BodyReadError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`);
  if (body.length === 0) return {};
  const text = decodeText(body, charset);
  if (!JSON_START.test(text)) throw new BodyReadError(400, 'entity.parse.failed', 'the body is not a JSON object or array');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BodyReadError(400, 'entity.parse.failed', (error as Error).message);
  }
}

/** Nested keys (`a[b]=c`) become objects, as the urlencoded bodies accepted before did. */
export function parseUrlencodedBody(body: Buffer, contentType: string | undefined): unknown {
  const charset = charsetOf(contentType) ?? 'utf-8';
  if (charset !== 'utf-8' && charset !== 'iso-8859-1')
    throw new BodyReadError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`);
  const text = body.toString(charset === 'utf-8' ? 'utf8' : 'latin1');
  let parameters = text.length === 0 ? 0 : 1;
  for (let index = text.indexOf('&'); index !== -1 && parameters <= URLENCODED_PARAMETER_LIMIT; index = text.indexOf('&', index + 1))
    parameters += 1;
  if (parameters > URLENCODED_PARAMETER_LIMIT) throw new BodyReadError(413, 'parameters.too.many', 'too many parameters');
  try {
    return parseQueryString(text, {
      allowPrototypes: true,
      arrayLimit: Math.max(100, parameters),
      depth: URLENCODED_DEPTH,
      parameterLimit: URLENCODED_PARAMETER_LIMIT,
      strictDepth: true,
      charset,
    });
  } catch (error) {
    if (error instanceof RangeError) throw new BodyReadError(400, 'querystring.parse.rangeError', 'the input exceeded the depth');
    throw error;
  }
}

type TextParser = (body: Buffer, contentType: string | undefined) => unknown;

/** Reads at most `limit` bytes; a refused body is drained up to `drainLimit` so the 413 reaches the client. */
const bufferedParser =
  (parse: TextParser, limit: number, drainLimit: number, isGenuine: BearerCheck) =>
  (request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<unknown> => {
    const own = bodyLimitFor(request, limit, isGenuine);
    const stream = payload as Readable;
    return readBody(stream, request.headers, own).then(
      (body) => {
        const parsed = parse(body, request.headers['content-type']);
        refuseUnacceptableBody(parsed);
        return parsed;
      },
      async (error: unknown) => {
        if (own < drainLimit && error instanceof BodyReadError && error.status === 413)
          await discardBody(stream, request.headers, drainLimit);
        throw error;
      },
    );
  };

/**
 * The request bodies a service reads: JSON and urlencoded forms up to JSON_BODY_LIMIT (64 KiB for
 * a caller without a genuine access token, see `bodyLimitFor`); a larger one is refused 413 and
 * read no further than the service's own limit (`limit`), so the client sees the answer.
 * Every other type, multipart included, is left unread: the route's upload interceptor (multer)
 * reads multipart itself, as a stream, and a body of an unexpected type reaches the route as no
 * body at all (a validation error naming the fields, never a 415 for the type).
 */
export function registerBodyParsers(instance: FastifyInstance, limit: number, isGenuine: BearerCheck): void {
  const parsed = Math.min(limit, JSON_BODY_LIMIT);
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('application/json', bufferedParser(parseJsonBody, parsed, limit, isGenuine));
  instance.addContentTypeParser('application/x-www-form-urlencoded', bufferedParser(parseUrlencodedBody, parsed, limit, isGenuine));
  instance.addContentTypeParser(
    '*',
    (_request: FastifyRequest, _payload: NodeJS.ReadableStream, done: (error: Error | null, body?: unknown) => void) =>
      done(null, undefined),
  );
}
