import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** The meta element a web app's index.html carries; the host fills in where the API is. */
export const API_BASE_URL_META = '<meta name="teamfit-api-base-url" content="">';

/** One file of a built web app, held in memory with its compressed forms. */
export interface WebAppFile {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  contentType: string;
  etag: string;
  /** Vite names assets after their content, so a browser may keep them for good. */
  immutable: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/;

/** Escapes a value for an HTML attribute in double quotes. */
export function htmlAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** index.html with the API's base URL filled in; a build without the meta is refused at start. */
export function withApiBaseUrl(indexHtml: string, apiBaseUrl: string): string {
  if (!indexHtml.includes(API_BASE_URL_META)) {
    throw new Error(`the web app's index.html lacks ${API_BASE_URL_META}: it could not find the API`);
  }
  return indexHtml.replace(API_BASE_URL_META, `<meta name="teamfit-api-base-url" content="${htmlAttribute(apiBaseUrl)}">`);
}

function fileOf(relative: string, body: Buffer): WebAppFile {
  const contentType = CONTENT_TYPES[path.extname(relative)] ?? 'application/octet-stream';
  const compress = COMPRESSIBLE.test(contentType) && body.length > 512;
  return {
    body,
    contentType,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    immutable: relative.startsWith('assets/'),
    ...(compress
      ? {
          gzip: gzipSync(body, { level: 9 }),
          brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        }
      : {}),
  };
}

async function* filesUnder(root: string, dir = ''): AsyncGenerator<string> {
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(root, relative);
    else if (entry.isFile()) yield relative;
  }
}

/**
 * Every file of a built web app by its URL path (`/index.html`, `/assets/…`), read and compressed
 * once: a built app is a few hundred kilobytes and never changes while it is served.
 */
export async function loadWebAppFiles(root: string, apiBaseUrl: string): Promise<Map<string, WebAppFile>> {
  const files = new Map<string, WebAppFile>();
  let index: string;
  try {
    index = await readFile(path.join(root, 'index.html'), 'utf8');
  } catch {
    throw new Error(`no built web app in ${root} (index.html is missing): run npm run build`);
  }
  for await (const relative of filesUnder(root)) {
    if (relative.endsWith('.map')) continue;
    const body = relative === 'index.html' ? Buffer.from(withApiBaseUrl(index, apiBaseUrl)) : await readFile(path.join(root, relative));
    files.set(`/${relative}`, fileOf(relative, body));
  }
  return files;
}
