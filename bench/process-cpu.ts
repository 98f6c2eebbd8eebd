import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time a process has used so far, in nanoseconds, over all its threads (the first field of
 * each thread's /proc schedstat: time on a CPU). Unlike requests per second, CPU per request
 * hardly moves when other work shares the machine: a busy neighbour delays a process, it does
 * not make its work cost more. 0 where /proc is not there (not Linux) or the process is gone.
 */
export function processCpuNs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    let total = 0;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      total += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    }
    return total;
  } catch {
    return 0;
  }
}
