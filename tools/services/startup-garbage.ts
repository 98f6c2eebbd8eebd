import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterFirstRequest } from './first-request';

/**
 * One full garbage collection, now. Starting a service leaves its heap full of what only the
 * start needed (module bodies, the NestJS container's scans, OpenAPI metadata), and V8 collects it
 * only when allocation asks for room: an idle process keeps it resident. Measured (`npm run bench`,
 * alternating with the code without it, four rounds): the whole idle platform 685-746 → 673-679
 * MiB warm, 744-784 → 727-733 MiB cold, for one collection of a few tens of milliseconds a service.
 * (The runner, collected the same way, kept its 79-83 MiB: what it holds is not garbage.)
 * The `gc` function comes from a new context (as Jest takes it), so the process's own global
 * scope never gets one that any package could call.
 *
 * The flag goes back off once the function is taken: V8 refuses a code cache made under other
 * flags, runtime changes included, so a process left with `--expose-gc` on could no longer use a
 * cache made by a process that started as it did (a Jest worker that had run this test failed
 * code-cache.spec.ts that way, depending on which files it ran).
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
}

/**
 * Collects once, `delayMs` after the process answered its first HTTP request (the runner's or the
 * orchestrator's readiness probe): the start is over by then, and the V8 code cache, which is
 * written 2 s after that request (code-cache.ts), has been taken.
 */
export function collectStartupGarbageAfterFirstRequest(delayMs = 3_000, collect: () => void = collectGarbage): void {
  afterFirstRequest(delayMs, collect);
}
