import { sql } from 'drizzle-orm';
import type { ClientBase } from 'pg';
import type { Database, Transaction } from './database.module';

/*
 * Jobs that several instances of a service run at the same moment (migrations at start, the
 * API-call log's retention) are serialised with PostgreSQL advisory locks named by a text. The
 * key is `hashtext(name)`, computed by the server: the same derivation the telemetry schema's SQL
 * functions use for their own lock, and the one the migration lock has always had, so an older
 * instance still running and a newer one exclude each other. A lock is only ever shared by
 * sessions of one server, so the hash need not be stable across PostgreSQL versions. Two names
 * whose hashes collided would only make their jobs wait for each other, never run them wrongly.
 */

/**
 * Runs `job` in one transaction that first takes the named lock: callers elsewhere queue until
 * the transaction ends (commit or rollback releases the lock; nothing to unlock by hand, even
 * when the connection dies).
 */
export function withAdvisoryLock<T>(db: Database, name: string, job: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${name}::text))`);
    return job(tx);
  });
}

export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Like {@link withAdvisoryLock}, but a caller that finds the lock taken does not wait: it skips
 * the job (`ran: false`). For periodic work that one instance at a time is enough to do.
 */
export function withAdvisoryLockIfFree<T>(db: Database, name: string, job: (tx: Transaction) => Promise<T>): Promise<LockedRun<T>> {
  return db.transaction(async (tx): Promise<LockedRun<T>> => {
    const result = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext(${name}::text)) AS locked`);
    if (result.rows[0]?.locked !== true) return { ran: false };
    return { ran: true, value: await job(tx) };
  });
}

/**
 * Runs `job` holding the named lock on the session of `client`, for work that opens transactions
 * of its own (drizzle's migrator commits each migration separately). The client must be a
 * connection of the caller's own, closed afterwards, never one handed back to a pool: if the
 * unlock cannot be sent (the connection broke), the lock lives exactly as long as that session,
 * and the server releases it when the session ends.
 */
export async function withSessionAdvisoryLock<T>(client: ClientBase, name: string, job: () => Promise<T>): Promise<T> {
  await client.query('SELECT pg_advisory_lock(hashtext($1::text))', [name]);
  try {
    return await job();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1::text))', [name]).catch(() => undefined);
  }
}
