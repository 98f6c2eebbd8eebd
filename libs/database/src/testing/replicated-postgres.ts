import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

export type ReplicaCommand = 'stop-replica' | 'start-replica' | 'stop';
export type ReplicaMessage =
  { primaryUrl: string; replicaUrl: string } | { error: string } | { done: ReplicaCommand; error: string | undefined };

/** A running primary and its streaming replica (one database, `replicated`, on both). */
export interface ReplicatedPostgres {
  primaryUrl: string;
  replicaUrl: string;
  /** Until the replica has replayed everything the primary has written so far. */
  waitForReplay(): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '../../../..');
/** The built code: the servers run outside Jest (see replicated-postgres.process.ts). */
const PROCESS_SCRIPT = path.join(ROOT, 'dist', 'libs', 'database', 'src', 'testing', 'replicated-postgres.process.js');

/**
 * Starts an embedded primary and a hot-standby streaming replica of it on two free ports, in a
 * child process (`npm test` builds first; a single test file needs `node tools/build.mjs`).
 */
export async function startReplicatedPostgres(ports: { primary: number; replica: number }): Promise<ReplicatedPostgres> {
  if (!existsSync(PROCESS_SCRIPT)) throw new Error(`${PROCESS_SCRIPT} is missing: build first (node tools/build.mjs)`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'teamfit-replicated-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(scratch, 0o755);
  const child = spawn(process.execPath, [PROCESS_SCRIPT], {
    env: { ...process.env, SCRATCH: scratch, PRIMARY_PORT: String(ports.primary), REPLICA_PORT: String(ports.replica) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const first = await nextMessage(child, () => stderr);
  if (!('primaryUrl' in first))
    throw new Error(`the replicated PostgreSQL did not start: ${'error' in first ? first.error : ''} ${stderr}`);
  const { primaryUrl, replicaUrl } = first;

  const command = async (name: ReplicaCommand): Promise<void> => {
    const reply = nextMessage(child, () => stderr);
    child.send(name);
    const message = await reply;
    if ('error' in message && message.error) throw new Error(`${name} failed: ${message.error}`);
  };
  return {
    primaryUrl,
    replicaUrl,
    waitForReplay: () => waitForReplay(primaryUrl, replicaUrl),
    stopReplica: () => command('stop-replica'),
    startReplica: () => command('start-replica'),
    stop: async () => {
      if (child.connected) await command('stop');
      child.disconnect();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

function nextMessage(child: ChildProcess, stderr: () => string): Promise<ReplicaMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the replicated PostgreSQL process exited (${code}): ${stderr()}`));
    child.once('exit', onExit);
    child.once('message', (message: ReplicaMessage) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

async function waitForReplay(primaryUrl: string, replicaUrl: string): Promise<void> {
  const primary = new Client({ connectionString: primaryUrl });
  const replica = new Client({ connectionString: replicaUrl });
  await Promise.all([primary.connect(), replica.connect()]);
  try {
    // The insert position: the test server commits asynchronously, so what is written may not
    // have reached the write position yet (the WAL writer flushes it within a fraction of a second).
    const target = (await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]?.lsn;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(20)) {
      const replayed = await replica.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [target]);
      if (replayed.rows[0]?.done) return;
    }
    throw new Error(`the replica did not replay up to ${target} within 10 s`);
  } finally {
    await Promise.all([primary.end(), replica.end()]);
  }
}
