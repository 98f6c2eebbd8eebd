import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBundle, saveCacheAfterFirstRequest } from './code-cache';

describe('runBundle (V8 code cache of a bundle)', () => {
  let dir: string;
  let bundle: string;
  let cacheDir: string;
  const writeBundle = (answer: number) =>
    writeFileSync(bundle, `const path = require('node:path');\nfunction answer() { return ${answer}; }\nmodule.exports = { answer: answer(), dirname: __dirname, filename: __filename, joined: path.join('a', 'b') };\n`);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'code-cache-'));
    bundle = path.join(dir, 'bundle.js');
    cacheDir = path.join(dir, 'cache');
    writeBundle(42);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the bundle as a CommonJS module and, once saved, starts it from the cache', () => {
    const first = runBundle(bundle, { cacheDir, name: 'demo' });
    expect(first.exports).toEqual({ answer: 42, dirname: dir, filename: bundle, joined: path.join('a', 'b') });
    expect(first.usedCache).toBe(false);
    first.saveCache();
    expect(readdirSync(cacheDir).filter((entry) => !entry.startsWith('prime-'))).toEqual([expect.stringMatching(/^demo-[0-9a-f]{16}\.v8cache$/)]);

    const second = runBundle(bundle, { cacheDir, name: 'demo' });
    expect(second.usedCache).toBe(true);
    expect(second.primed).toBe(false);
    expect(second.exports).toEqual(first.exports);
  });

  it('without a cache, starts from the top-level cache of a priming process, which later starts of any name reuse', () => {
    const first = runBundle(bundle, { cacheDir, name: 'demo' });
    expect(first).toMatchObject({ usedCache: false, primed: true, exports: { answer: 42, filename: bundle } });
    const [prime] = readdirSync(cacheDir);
    expect(prime).toMatch(/^prime-[0-9a-f]{16}\.v8cache$/);

    const other = runBundle(bundle, { cacheDir, name: 'other' });
    expect(other).toMatchObject({ usedCache: false, primed: true, exports: { answer: 42 } });
    expect(readdirSync(cacheDir)).toEqual([prime]);

    writeBundle(43);
    const changed = runBundle(bundle, { cacheDir, name: 'demo' });
    expect(changed).toMatchObject({ primed: true, exports: { answer: 43 } });
    expect(readdirSync(cacheDir)).toEqual([expect.not.stringMatching(prime ?? '')]);
  });

  it('compiles the bundle itself when no cache can be made', () => {
    const notAFolder = path.join(dir, 'file');
    writeFileSync(notAFolder, '');
    const run = runBundle(bundle, { cacheDir: notAFolder, name: 'demo' });
    expect(run).toMatchObject({ usedCache: false, primed: false, exports: { answer: 42 } });
    run.saveCache();
    expect(readdirSync(dir).sort()).toEqual(['bundle.js', 'file']);
  });

  it('does not use the cache of another content, and replaces it', () => {
    runBundle(bundle, { cacheDir, name: 'demo' }).saveCache();
    const [old] = readdirSync(cacheDir).filter((entry) => entry.startsWith('demo-'));
    writeBundle(43);
    const changed = runBundle(bundle, { cacheDir, name: 'demo' });
    expect(changed.usedCache).toBe(false);
    expect(changed.exports).toMatchObject({ answer: 43 });
    changed.saveCache();
    expect(readdirSync(cacheDir).filter((entry) => entry.startsWith('demo-'))).toEqual([expect.not.stringMatching(old ?? '')]);
  });

  it('without a cache folder runs uncached and saves nothing', () => {
    const run = runBundle(bundle, { name: 'demo' });
    expect(run.exports).toMatchObject({ answer: 42 });
    run.saveCache();
    expect(readdirSync(dir)).toEqual(['bundle.js']);
  });

  it('under --enable-source-maps requires the bundle as usual, uncached', () => {
    process.setSourceMapsEnabled(true);
    try {
      const run = runBundle(bundle, { cacheDir, name: 'demo' });
      expect(run.exports).toMatchObject({ answer: 42, dirname: dir });
      expect(run.usedCache).toBe(false);
      run.saveCache();
      expect(readdirSync(dir)).toEqual(['bundle.js']);
    } finally {
      process.setSourceMapsEnabled(false);
    }
  });

  it('saves the cache after the process answers its first HTTP request', async () => {
    const run = runBundle(bundle, { cacheDir, name: 'demo' });
    saveCacheAfterFirstRequest(run, 0);
    const server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await new Promise<void>((resolve, reject) => get(`http://127.0.0.1:${port}/`, (response) => response.resume().on('end', resolve)).on('error', reject));
      // The cache is written on a timer after the request: wait for the file, not for a time (the
      // priming process's cache is there from the start).
      const saved = () => existsSync(cacheDir) && readdirSync(cacheDir).some((entry) => entry.startsWith('demo-'));
      for (const deadline = Date.now() + 5_000; !saved() && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      server.close();
    }
    expect(readdirSync(cacheDir).filter((entry) => entry.startsWith('demo-'))).toHaveLength(1);
  });
});
