import { Logger } from '@nestjs/common';
import { freePort } from '@teamfit/gateway';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { createPool, type Database } from '../src/database.module';
import { REPLICA_CONNECT_TIMEOUT_MS, REPLICA_RETRY_AFTER_MS, ReplicaRouting, replicaDatabase } from '../src/read-replica';
import { type ReplicatedPostgres, startReplicatedPostgres } from '../src/testing/replicated-postgres';

/** Which server answered: a standby is in recovery. */
const WHERE = sql`SELECT pg_is_in_recovery() AS standby`;
/** On the replica the statement ends its own connection (as a replica shutting down does); the primary answers it. */
const DIES_ON_REPLICA = sql`SELECT CASE WHEN pg_is_in_recovery() THEN pg_terminate_backend(pg_backend_pid()) END, pg_is_in_recovery() AS standby`;

/** The read handle's routing against a real primary and a real streaming replica. */
describe('the read handle over a streaming replica', () => {
  let postgres: ReplicatedPostgres;
  const pools: Pool[] = [];
  let primary: Database;
  let clock = 0;

  beforeAll(async () => {
    postgres = await startReplicatedPostgres({ primary: await freePort(), replica: await freePort() });
    const primaryPool = createPool(postgres.primaryUrl, 'routing-test');
    pools.push(primaryPool);
    primary = drizzle({ client: primaryPool });
    // A function the replica fails with the code of a recovery conflict, and one with an error of the read's own.
    await primary.execute(sql`CREATE FUNCTION conflicting_on_standby(code text) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_is_in_recovery() THEN RAISE EXCEPTION 'failed on the standby' USING ERRCODE = code; END IF;
        RETURN false;
      END $$`);
    await postgres.waitForReplay();
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await postgres?.stop();
  });

  afterEach(() => jest.restoreAllMocks());

  function readHandle(): { reads: Database; routing: ReplicaRouting } {
    const replica = createPool(postgres.replicaUrl, 'routing-test-read', REPLICA_CONNECT_TIMEOUT_MS);
    pools.push(replica);
    const routing = new ReplicaRouting(() => clock);
    return { reads: replicaDatabase(primary, replica, routing), routing };
  }
  const answeredBy = async (db: Database, statement = WHERE): Promise<string> =>
    (await db.execute<{ standby: boolean }>(statement)).rows[0]?.standby ? 'replica' : 'primary';

  it('answers from the primary when the replica connection dies, leaves the replica alone for the back-off, then probes it', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { reads, routing } = readHandle();
    expect(await answeredBy(reads)).toBe('replica');

    expect(await answeredBy(reads, DIES_ON_REPLICA)).toBe('primary');
    expect(routing.replicaInUse).toBe(false);
    expect(await answeredBy(reads, DIES_ON_REPLICA)).toBe('primary');
    clock += REPLICA_RETRY_AFTER_MS - 1;
    expect(await answeredBy(reads)).toBe('primary');

    // The back-off over, a read tries the replica again; it fails again: one warning for the whole outage.
    clock += 1;
    expect(routing.replicaInUse).toBe(true);
    expect(await answeredBy(reads, DIES_ON_REPLICA)).toBe('primary');
    // (The pool's own warnings about the lost connections are another logger's.)
    const outages = warn.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith('read replica'));
    expect(outages).toHaveLength(1);
    expect(outages[0]).toMatch(/^read replica unavailable \(terminating connection due to administrator command\)/);

    clock += REPLICA_RETRY_AFTER_MS;
    expect(await answeredBy(reads)).toBe('replica');
    expect(log).toHaveBeenCalledWith('read replica answering again: reads go to it');
    expect(await answeredBy(reads)).toBe('replica');
  });

  it('runs a transaction the replica fails midway again, whole, on the primary', async () => {
    const { reads } = readHandle();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const attempts: string[] = [];
    const result = await reads.transaction(
      async (tx) => {
        const where = await answeredBy(tx as unknown as Database);
        attempts.push(where);
        if (where === 'replica') await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
        return where;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    expect(attempts).toEqual(['replica', 'primary']);
    expect(result).toBe('primary');
  });

  it('sends a read the standby cancels (a conflict with replay) to the primary, and keeps using the replica', async () => {
    const { reads, routing } = readHandle();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    for (const code of ['40001', '40P01']) {
      const result = await reads.execute<{ standby: boolean }>(sql`SELECT conflicting_on_standby(${code}) AS standby`);
      expect(result.rows).toEqual([{ standby: false }]);
    }
    expect(routing.replicaInUse).toBe(true);
    expect(warn.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith('read replica'))).toEqual([]);
    expect(await answeredBy(reads)).toBe('replica');
  });

  it('does not retry a read that failed for a reason of its own, nor let a write through to the replica', async () => {
    const { reads, routing } = readHandle();
    await expect(reads.execute(sql`SELECT conflicting_on_standby('22012')`)).rejects.toMatchObject({ cause: { code: '22012' } });
    await expect(reads.execute(sql`CREATE TABLE written_through_reads (id int)`)).rejects.toMatchObject({ cause: { code: '25006' } });
    expect(routing.replicaInUse).toBe(true);
  });
});
