import { type ClientRequest, request as httpRequest } from 'node:http';
import { connect } from 'node:net';

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

/**
 * Sends `head` (a request line and headers, CRLF-separated, without the blank line) byte for byte
 * on a socket of its own and parses the one answer: for requests an HTTP client refuses to make.
 */
export function rawHead(url: string, head: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headPart = '', ...bodyParts] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = headPart.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: bodyParts.join('\r\n\r\n') });
    });
  });
}
