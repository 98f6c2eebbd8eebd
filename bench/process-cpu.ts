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

/** CPU time so far of a process and of each of its direct children, by pid. */
function processFamilyCpuNs(rootPid: number): Map<number, number> {
  const family = new Map<number, number>([[rootPid, processCpuNs(rootPid)]]);
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return family;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's pid is the second field after the command name, which may hold spaces and parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === rootPid) family.set(Number(entry), processCpuNs(Number(entry)));
    } catch {
      // Gone since the listing.
    }
  }
  return family;
}

/**
 * CPU time a process and its children used between two processFamilyCpuNs snapshots: PostgreSQL's
 * postmaster and its backends. A child that started since counts whole; one that ended since is
 * left out (an idle pool connection closing: next to nothing).
 */
function familyCpuNsSince(before: Map<number, number>, rootPid: number): number {
  let used = 0;
  for (const [pid, now] of processFamilyCpuNs(rootPid)) used += now - (before.get(pid) ?? 0);
  return used;
}

/**
 * Starts measuring a process and its children (PostgreSQL's postmaster and backends): the function
 * returned gives their CPU time since, in µs per request; undefined without a pid (a database the
 * benchmark did not start).
 */
export function familyCpuMeter(rootPid: number | undefined): (requests: number) => number | undefined {
  if (rootPid === undefined) return () => undefined;
  const before = processFamilyCpuNs(rootPid);
  return (requests) => familyCpuNsSince(before, rootPid) / 1000 / requests;
}
