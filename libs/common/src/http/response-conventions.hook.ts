import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { hash } from 'node:crypto';

/**
 * A weak validator of a body, in the form clients have always been given:
 * `W/"<length in hex>-<first 27 characters of its base64 SHA-1>"`.
 */
export function weakEtagOf(body: string | Buffer): string {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return `W/"${length.toString(16)}-${hash('sha1', body, 'base64').slice(0, 27)}"`;
}

type OnSendDone = (error: null, payload?: unknown) => void;

/**
 * What every answer with a body has always carried: an ETag, and a charset on text. A GET or
 * HEAD whose If-None-Match still matches is answered 304 without the body, so a client
 * revalidating a list pays for no bytes. Streamed answers (file downloads) set their own
 * validators and are left alone.
 */
export function registerResponseConventions(instance: FastifyInstance): void {
  instance.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
      done(null, payload);
      return;
    }
    if (typeof payload === 'string') {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && !type.includes('charset=')) reply.header('content-type', `${type}; charset=utf-8`);
    }
    if (!reply.hasHeader('etag')) reply.header('etag', weakEtagOf(payload));
    const status = reply.statusCode;
    const conditional = request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined;
    const cacheable = (request.method === 'GET' || request.method === 'HEAD') && ((status >= 200 && status < 300) || status === 304);
    if (
      conditional &&
      cacheable &&
      fresh(request.headers, { etag: reply.getHeader('etag'), 'last-modified': reply.getHeader('last-modified') })
    ) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      reply.removeHeader('transfer-encoding');
      done(null, null);
      return;
    }
    done(null, payload);
  });
}
