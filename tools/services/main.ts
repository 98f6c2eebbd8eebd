// The entry of every service process, bundled to dist/services.js (tools/bundle.mjs):
// `node dist/services.js <service>` runs that service from the services' bundle. `npm start` sets
// NODE_COMPILE_CACHE to a folder of its data folder, where V8's compiled code of the bundle is kept
// between starts (code-cache.ts); the images run the bundle uncached.
import path from 'node:path';
import { runBundle, saveCacheAfterFirstRequest } from './code-cache';
import { collectStartupGarbageAfterFirstRequest } from './startup-garbage';

const run = runBundle(path.join(__dirname, '..', '..', 'services.bundle.js'), { cacheDir: process.env['NODE_COMPILE_CACHE'], name: `services-${process.argv[2] ?? ''}` });
if (process.env['NODE_COMPILE_CACHE'] && !run.usedCache) saveCacheAfterFirstRequest(run);
collectStartupGarbageAfterFirstRequest();
