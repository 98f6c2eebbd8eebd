import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadWebAppFiles, type WebAppFile } from './web-app-files';
import { securityHeaders } from './security-headers';

export interface WebAppServerOptions {
  /** The built app: index.html and assets/. */
  root: string;
  port: number;
  /** Where to listen; every interface when absent. */
  host?: string;
  /** The gateway's base URL the app calls, e.g. http://localhost:8080. */
  apiBaseUrl: string;
}

export interface RunningWebApp {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** An address path the app's own router answers: no file extension in its last segment. */
export function isAppRoute(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** The stored file for an address path: the file itself, index.html for an app route, else none. */
export function fileFor(files: ReadonlyMap<string, WebAppFile>, pathname: string): WebAppFile | undefined {
  return files.get(pathname) ?? (isAppRoute(pathname) ? files.get('/index.html') : undefined);
}

/** The encoding to send: brotli, then gzip, when the client takes it and the file has it. */
export function encodingFor(file: WebAppFile, acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (file.brotli && accepted.has('br')) return 'br';
  if (file.gzip && accepted.has('gzip')) return 'gzip';
  return undefined;
}

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(text);
}

function pathOf(request: IncomingMessage): string | undefined {
  const raw = (request.url ?? '/').split('?')[0] ?? '/';
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.startsWith('/') && !decoded.includes('\0') ? decoded : undefined;
  } catch {
    return undefined;
  }
}

function handler(files: ReadonlyMap<string, WebAppFile>, headers: Record<string, string>) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      plain(response, 405, 'Method Not Allowed', { ...headers, Allow: 'GET, HEAD' });
      return;
    }
    const pathname = pathOf(request);
    if (pathname === undefined) {
      plain(response, 400, 'Bad Request', headers);
      return;
    }
    const file = fileFor(files, pathname);
    if (!file) {
      plain(response, 404, 'Not Found', headers);
      return;
    }
    const common = {
      ...headers,
      'Content-Type': file.contentType,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
      // index.html names the current assets, so it is checked on every visit; assets never change.
      'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, common);
      response.end();
      return;
    }
    const encoding = encodingFor(file, request.headers['accept-encoding']);
    const body = encoding === 'br' ? file.brotli : encoding === 'gzip' ? file.gzip : file.body;
    response.writeHead(200, {
      ...common,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Content-Length': String(body?.length ?? 0),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

/**
 * Serves a built single-page app: its files from memory, index.html for the app's own routes, the
 * API's base URL filled into index.html, and security headers on every answer. Bounded timeouts
 * keep a slow client from holding a connection for long.
 */
export async function startWebAppServer(options: WebAppServerOptions): Promise<RunningWebApp> {
  const files = await loadWebAppFiles(options.root, options.apiBaseUrl);
  const server = createServer(handler(files, securityHeaders(options.apiBaseUrl)));
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
