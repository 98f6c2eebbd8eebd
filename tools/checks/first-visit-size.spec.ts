import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstVisitSize } from './first-visit-size';

describe('the first-visit JavaScript of a built web app', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'first-visit-'));
    mkdirSync(path.join(dir, 'assets'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, body: string | Buffer) => writeFileSync(path.join(dir, file), body);

  it('counts the entry, its preloads and static imports once each, and leaves lazy chunks out', () => {
    write(
      'index.html',
      '<script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-b.js">',
    );
    const noise = randomBytes(2000).toString('base64');
    write('assets/index-a.js', `import{a as x}from"./vendor-b.js";import"./side-c.js";const l=()=>import("./lazy-d.js");${noise}`);
    write('assets/vendor-b.js', `export const a=1;${noise}`);
    write('assets/side-c.js', `import{a}from"./vendor-b.js";console.log(a)`);
    write('assets/lazy-d.js', 'x'.repeat(100_000));
    const size = firstVisitSize(dir);
    expect(size.files.sort()).toEqual(['assets/index-a.js', 'assets/side-c.js', 'assets/vendor-b.js']);
    const gz = (file: string) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
    expect(size.gzipBytes).toBe(gz('assets/index-a.js') + gz('assets/vendor-b.js') + gz('assets/side-c.js'));
  });
});
