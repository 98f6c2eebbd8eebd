import { Logger } from '@nestjs/common';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool, PoolClient } from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';
import type { Database } from './database.module';

/** After a connection failure the replica is left alone this long; its reads go to the primary. */
export const REPLICA_RETRY_AFTER_MS = 5_000;

/** A replica that does not hand out a connection within this is treated as down (the primary answers). */
export const REPLICA_CONNECT_TIMEOUT_MS = 1_000;

/**
 * SQLSTATEs a hot standby cancels a read with when it conflicts with replaying the primary's
 * changes (serialization_failure, deadlock_detected): the replica is fine, this one read goes to
 * the primary.
 */
const RECOVERY_CONFLICTS = new Set(['40001', '40P01']);

function isRecoveryConflict(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors (DrizzleQueryError.cause).
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RECOVERY_CONFLICTS.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Decides where a read goes: to the replica while it answers, else to the primary. A read the
 * replica fails with a connection error (refused, reset, terminated by a shutdown, no connection
 * within the timeout) is retried once on the primary and the replica is left alone for
 * {@link REPLICA_RETRY_AFTER_MS}; then one read tries it again while the others keep going to the
 * primary. Reads are safe to repeat: nothing goes through this handle but reads.
 */
export class ReplicaRouting {
  private readonly logger = new Logger('ReadReplica');
  private downUntil = 0;
  private down = false;
  private probing = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether reads currently go to the replica. */
  get replicaInUse(): boolean {
    return !this.down || (!this.probing && this.now() >= this.downUntil);
  }

  async read<T>(onReplica: () => Promise<T>, onPrimary: () => Promise<T>): Promise<T> {
    if (!this.replicaInUse) return onPrimary();
    const probe = this.down;
    if (probe) this.probing = true;
    let result: T;
    try {
      result = await onReplica();
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        this.markDown(error);
        return onPrimary();
      }
      if (isRecoveryConflict(error)) return onPrimary();
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
    this.markUp();
    return result;
  }

  private markDown(error: unknown): void {
    this.downUntil = this.now() + REPLICA_RETRY_AFTER_MS;
    if (this.down) return;
    this.down = true;
    // Once per outage: while it lasts, every few seconds one read finds it down again.
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(
      `read replica unavailable (${reason}): reads go to the primary, the replica is tried again every ${REPLICA_RETRY_AFTER_MS / 1000} s`,
    );
  }

  private markUp(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log('read replica answering again: reads go to it');
  }
}

interface Queryable {
  query(...args: unknown[]): Promise<unknown>;
}

/**
 * The pool under the read handle: each query goes to the replica or the primary as the routing
 * says. Its class name ends in "Pool" on purpose: drizzle checks the name to know that it must
 * check a connection out for a transaction (the read handle's transactions are routed whole,
 * see {@link replicaDatabase}).
 */
class ReplicaFailoverPool {
  constructor(
    private readonly replica: Pool,
    private readonly primary: Pool,
    private readonly routing: ReplicaRouting,
  ) {}

  query(...args: unknown[]): Promise<unknown> {
    return this.routing.read(
      () => (this.replica as unknown as Queryable).query(...args),
      () => (this.primary as unknown as Queryable).query(...args),
    );
  }

  connect(): Promise<PoolClient> {
    return this.routing.read(
      () => this.replica.connect(),
      () => this.primary.connect(),
    );
  }
}

/**
 * A Drizzle handle for reads that tolerate a little replication lag: statements go to the replica
 * pool, or to the primary when the replica is down. A transaction on it (a page and its total
 * read from one snapshot) runs whole on the replica, or, if the replica fails it with a
 * connection error at any point, again whole on the primary; on a standby it is read-only by
 * force, so a write sent here by mistake fails instead of being lost.
 */
export function replicaDatabase(primary: Database, replica: Pool, routing: ReplicaRouting = new ReplicaRouting()): Database {
  const onReplica = drizzle({ client: replica });
  // drizzle types its client as a pg Pool or client; the failover pool has the two methods it calls.
  const reads: Database = drizzle({ client: new ReplicaFailoverPool(replica, primary.$client, routing) as unknown as Pool });
  const transaction: Database['transaction'] = (run, config) =>
    routing.read(
      () => onReplica.transaction(run, config),
      () => primary.transaction(run, config),
    );
  return Object.assign(reads, { transaction });
}
