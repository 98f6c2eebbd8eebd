import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';
import { afterFirstRequest } from './first-request';

export interface BundleRun {
  /** What the bundle exported. */
  exports: unknown;
  /** Whether V8 took the bundle's compiled code from the cache (false without one, or when it did not fit). */
  usedCache: boolean;
  /** Without a cache: whether the bundle was compiled in a separate process first (see runBundle). */
  primed: boolean;
  /** Writes what V8 has compiled of the bundle so far to the cache, for the next start. */
  saveCache(): void;
}

type CommonJsWrapper = (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;

/** Node's own module wrapper, on the bundle's first line: positions in stack traces stay the file's. */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n})';

/**
 * The priming process (`node -e`, so that it runs with the service's own V8 flags, which V8
 * requires of a cache): compiles the wrapped bundle and writes what V8 made of it, whole or not at
 * all. Arguments: the bundle, the cache file.
 */
const PRIME_SCRIPT = `
const { Script } = require('node:vm');
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const [file, cacheFile, head, tail] = process.argv.slice(1);
const script = new Script(head + readFileSync(file, 'utf8') + tail, { filename: file });
const partial = cacheFile + '.' + process.pid;
writeFileSync(partial, script.createCachedData());
renameSync(partial, cacheFile);
`;

/** Flags of the running process that would make the priming process do more than compile. */
const NOT_FOR_PRIMING = /^--(cpu-prof|heap-prof|inspect|debug|prof|diagnostic-dir|report)/;

/**
 * Runs a CommonJS bundle as Node's loader would, but through V8's code cache kept in `cacheDir`:
 * a start that finds the bundle's compiled code there skips parsing it and compiling what it runs
 * (Node 20 has no compile cache of its own; Node 22's module.enableCompileCache is the same idea).
 * Measured on a service: about a quarter less CPU to start and 7 MiB less resident afterwards,
 * as the 6 MiB source is never parsed whole. A cache belongs to one bundle's exact content;
 * V8 itself refuses one from another V8 version or with other flags. Without `cacheDir`, the
 * bundle runs the same way, uncached. Under `node --enable-source-maps` it is required as usual,
 * uncached, so that stack frames name the TypeScript sources.
 *
 * With `cacheDir` but no cache yet (a new data folder, a new build), the whole bundle is parsed
 * once in a short-lived process, which leaves a cache of its top level (`prime-<content>.v8cache`)
 * that this process then starts from. Parsing 6 MiB of source in the service itself left about
 * 8 MiB of freed parser memory in its malloc heap for good (glibc cannot give back the middle of
 * its heap), in every service of a first start.
 *
 * One difference from require(): an `import()` that the bundle leaves to run time (only the
 * optional NestJS packages this platform does not install) fails as "not supported" rather than
 * "not found"; Node 20 allows no other answer without an experimental flag.
 */
export function runBundle(file: string, options: { cacheDir?: string; name: string }): BundleRun {
  if (process.sourceMapsEnabled) {
    // Node maps stack frames (to the TypeScript, through the bundle's source map) only in modules it loads itself.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is a file known only at run time
    return { exports: require(file) as unknown, usedCache: false, primed: false, saveCache: () => undefined };
  }
  const code = readFileSync(file);
  const content = createHash('sha1').update(code).digest('hex').slice(0, 16);
  const cacheFile = options.cacheDir ? path.join(options.cacheDir, `${options.name}-${content}.v8cache`) : undefined;
  const cachedData = cacheFile ? readIfPresent(cacheFile) : undefined;
  const primedData = options.cacheDir && cachedData === undefined ? primedCache(file, options.cacheDir, content) : undefined;
  const script = new Script(`${WRAPPER_HEAD}${code.toString('utf8')}${WRAPPER_TAIL}`, { filename: file, cachedData: cachedData ?? primedData });
  const usedCache = cachedData !== undefined && !script.cachedDataRejected;
  const primed = primedData !== undefined && !script.cachedDataRejected;
  const bundleModule = { exports: {}, id: file, filename: file, loaded: false };
  (script.runInThisContext() as CommonJsWrapper)(bundleModule.exports, createRequire(file), bundleModule, file, path.dirname(file));
  bundleModule.loaded = true;
  return {
    exports: bundleModule.exports,
    usedCache,
    primed,
    saveCache: () => {
      if (cacheFile) writeCache(cacheFile, options.name, script.createCachedData());
    },
  };
}

/** The top-level cache of the bundle's `content`, made by a priming process when missing; undefined when that failed. */
function primedCache(file: string, cacheDir: string, content: string): Buffer | undefined {
  const primeFile = path.join(cacheDir, `prime-${content}.v8cache`);
  const present = readIfPresent(primeFile);
  if (present) return present;
  try {
    mkdirSync(cacheDir, { recursive: true });
  } catch {
    return undefined;
  }
  const flags = process.execArgv.filter((flag) => !NOT_FOR_PRIMING.test(flag));
  const run = spawnSync(process.execPath, [...flags, '-e', PRIME_SCRIPT, file, primeFile, WRAPPER_HEAD, WRAPPER_TAIL], { stdio: 'ignore', timeout: 60_000 });
  if (run.status !== 0) return undefined;
  removeOthers(cacheDir, 'prime', primeFile);
  return readIfPresent(primeFile);
}

/**
 * Saves the cache shortly after the process answered its first HTTP request (the runner's
 * readiness probe): by then it has compiled its start and its request path, and V8 has not yet
 * dropped the start's code as unused.
 */
export function saveCacheAfterFirstRequest(run: BundleRun, delayMs = 2_000): void {
  afterFirstRequest(delayMs, () => run.saveCache());
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (instances of one service may write at once); older caches of the name go. */
function writeCache(cacheFile: string, name: string, data: Buffer): void {
  const dir = path.dirname(cacheFile);
  try {
    mkdirSync(dir, { recursive: true });
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, data);
    renameSync(partial, cacheFile);
    removeOthers(dir, name, cacheFile);
  } catch {
    // The cache only saves time: a folder that cannot be written means the next start compiles again.
  }
}

/** Caches of `name` for other contents (older builds). */
function removeOthers(dir: string, name: string, keep: string): void {
  try {
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith(`${name}-`) && entry.endsWith('.v8cache') && path.join(dir, entry) !== keep) rmSync(path.join(dir, entry), { force: true });
    }
  } catch {
    // Stale caches only take disk space.
  }
}
