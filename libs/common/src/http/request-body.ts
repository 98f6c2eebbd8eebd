import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * An error of reading a request body, shaped like the errors of the body parsers the services
 * used before (a `type` and a 4xx `status`), so the platform filter maps both the same way.
 */
export class BodyReadError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const end = contentType.indexOf(';');
  return (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
}

/** The `charset` parameter of a Content-Type header, lower-cased, if any. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

function decodedStream(payload: Readable, headers: IncomingHttpHeaders): Readable {
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  switch (encoding) {
    case 'identity':
      return payload;
    case 'gzip':
    case 'x-gzip':
      return payload.pipe(createGunzip());
    case 'deflate':
      return payload.pipe(createInflate());
    case 'br':
      return payload.pipe(createBrotliDecompress());
    default:
      throw new BodyReadError(415, 'encoding.unsupported', `unsupported content encoding "${encoding}"`);
  }
}

/**
 * Reads a whole request body of at most `limit` bytes (after decompression), answering early when
 * Content-Length already says it is too large. The rest of a refused body is left to Node, which
 * discards it once the answer is sent.
 */
export function readBody(payload: Readable, headers: IncomingHttpHeaders, limit: number): Promise<Buffer> {
  const declared = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  const identity = headers['content-encoding'] === undefined || headers['content-encoding'].toLowerCase() === 'identity';
  if (identity && declared !== undefined && declared > limit) {
    return Promise.reject(new BodyReadError(413, 'entity.too.large', 'request entity too large'));
  }
  let stream: Readable;
  try {
    stream = decodedStream(payload, headers);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (error: Error | undefined, body?: Buffer) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      if (stream !== payload) {
        // The decompressor holds a native handle: end it now, not at the next garbage collection.
        payload.unpipe();
        stream.destroy();
      }
      if (error) reject(error);
      else resolve(body ?? Buffer.alloc(0));
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) stop(new BodyReadError(413, 'entity.too.large', 'request entity too large'));
      else chunks.push(chunk);
    };
    const onEnd = () => {
      if (identity && declared !== undefined && declared !== received) {
        stop(new BodyReadError(400, 'request.size.invalid', 'request size did not match content length'));
      } else {
        stop(undefined, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
      }
    };
    const onError = (error: Error) => {
      const zlib = stream !== payload && (error as NodeJS.ErrnoException).code?.startsWith('Z_');
      stop(zlib ? new BodyReadError(400, 'entity.parse.failed', error.message) : new BodyReadError(400, 'request.aborted', error.message));
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/**
 * Reads and drops the rest of a refused body, up to `limit` bytes, holding none of it. The refusal
 * closes the connection; a gateway still sending a body it buffered would see the close as a
 * failed upstream (502) instead of the answer, so a body the service would have taken from an
 * authenticated caller is let to arrive first. Past `limit` the connection just closes.
 */
export function discardBody(payload: Readable, headers: IncomingHttpHeaders, limit: number): Promise<void> {
  const declared = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  if (payload.readableEnded || (declared !== undefined && declared > limit)) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', stop);
      payload.off('error', stop);
      payload.off('close', stop);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) stop();
    };
    payload.on('data', onData);
    payload.on('end', stop);
    payload.on('error', stop);
    payload.on('close', stop);
    payload.resume();
  });
}
