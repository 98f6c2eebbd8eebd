import { type ClientRequest, request as httpRequest } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const answerOf = (req: ClientRequest, resolve: (answer: RawAnswer) => void) =>
  req.on('response', (response) => {
    let body = '';
    response.on('data', (chunk: Buffer) => (body += chunk.toString()));
    response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
  });

/** Sends only the head of a large request and reads the answer nginx gives before the body. */
export function announceBody(
  url: string,
  pathName: string,
  contentLength: number,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${pathName}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(contentLength) },
    });
    answerOf(req, resolve);
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.write('{');
  });
}

/** A request whose path goes out byte for byte: supertest would resolve `..` before sending. */
export function rawRequest(url: string, method: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, path: rawPath, headers });
    answerOf(req, resolve);
    req.on('error', reject);
    req.end();
  });
}
