import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of issue 32: the JavaScript a first visit of the hub loads, gzip-compressed. */
export const FIRST_VISIT_JS_BUDGET_BYTES = 150 * 1024;

/** Each web app's first-visit budget (gzip): the hub's of issue 32, the admin console's of issue 33. */
export const FIRST_VISIT_BUDGETS: Readonly<Record<string, number>> = {
  'hub-web': FIRST_VISIT_JS_BUDGET_BYTES,
  'admin-web': 250 * 1024,
};

export interface FirstVisitSize {
  /** The scripts index.html loads and every module they import statically, relative to the app. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

const scriptsOf = (html: string): string[] => [
  ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? ''),
  ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1] ?? ''),
];

/** Static imports of a built module (`import … from "./x.js"`, `import "./x.js"`); dynamic ones load later. */
const staticImportsOf = (code: string): string[] =>
  [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[^'"()]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g)].map((match) => match[1] ?? '');

/**
 * What a first visit of a built web app downloads as JavaScript: the scripts of index.html and,
 * transitively, the modules they import statically, each counted once, gzip-compressed at level 9
 * as the web host serves them.
 */
export function firstVisitSize(appDir: string): FirstVisitSize {
  const html = readFileSync(path.join(appDir, 'index.html'), 'utf8');
  const pending = scriptsOf(html).map((src) => src.replace(/^\//, ''));
  const files = new Set<string>();
  let rawBytes = 0;
  let gzipBytes = 0;
  while (pending.length > 0) {
    const file = path.posix.normalize(pending.shift() ?? '');
    if (files.has(file)) continue;
    files.add(file);
    const body = readFileSync(path.join(appDir, file));
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
    for (const imported of staticImportsOf(body.toString('utf8'))) pending.push(path.posix.join(path.posix.dirname(file), imported));
  }
  return { files: [...files], rawBytes, gzipBytes };
}
