import { type DynamicModule, Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { type ClientConfig, Pool, type PoolClient } from 'pg';
import { POINT_READS, PointReads } from './point-reads';
import { REPLICA_CONNECT_TIMEOUT_MS, replicaDatabase } from './read-replica';

export const DATABASE = Symbol('DATABASE');
export const READ_DATABASE = Symbol('READ_DATABASE');
/** The pool of the read replica, or null without one. */
const REPLICA_POOL = Symbol('REPLICA_POOL');
/** The Drizzle handle, and the pool under it for the few statements written as plain SQL. */
export type Database = NodePgDatabase<Record<string, never>> & { $client: Pool };
/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/**
 * What a repository method runs its statements on: the transaction its service opened, or the
 * pool for a read (or a single-statement write) that needs none. Repositories never open one.
 */
export type Executor = Database | Transaction;

/** Injects the service's Drizzle database handle: the primary, for writes and for reads of what was just written. */
export const InjectDatabase = (): ParameterDecorator => Inject(DATABASE);

/**
 * Injects the handle for reads that tolerate a little replication lag (lists, statistics, scoring
 * inputs of completed evaluations): the read replica of `DATABASE_READ_URL`, falling back to the
 * primary while the replica is down; without a replica, the primary itself. Only reads: never
 * a write, nor a read that must see what the same request (or the client's previous one) wrote.
 */
export const InjectReadDatabase = (): ParameterDecorator => Inject(READ_DATABASE);

/**
 * During an outage a request waits at most this long for a connection, then fails (answered 503)
 * instead of hanging until the client gives up.
 */
export const CONNECT_TIMEOUT_MS = 3_000;

function connectionOf(databaseUrl: string, applicationName: string, connectionTimeoutMillis = CONNECT_TIMEOUT_MS): ClientConfig {
  return { connectionString: databaseUrl, application_name: applicationName, connectionTimeoutMillis };
}

/** A service's pool: ten connections, each statement and each transaction on one of its own. */
export function createPool(databaseUrl: string, applicationName: string, connectionTimeoutMillis = CONNECT_TIMEOUT_MS): Pool {
  return survivingConnectionLoss(
    new Pool({ ...connectionOf(databaseUrl, applicationName, connectionTimeoutMillis), max: 10 }),
    applicationName,
  );
}

/**
 * Makes a lost connection an error of the query that used it, never of the process, and never a
 * leak. node-postgres emits 'error' on a client whose socket dies; the pool listens only while a
 * client is idle, so a client checked out (a transaction, a batch) when PostgreSQL goes away
 * would emit an 'error' nobody handles, and Node ends the process. Every client gets a listener
 * of its own: its pending queries still reject (answered 503), and a checked-out client is handed
 * back at once. Drizzle releases a transaction's client only once `begin` succeeded, so a
 * connection dying before that would otherwise stay checked out forever, shrinking the pool with
 * each outage. The dead client is dropped by the pool, later release() calls by its holder are
 * no-ops, and the next request opens a fresh connection once the server is back.
 */
export function survivingConnectionLoss(pool: Pool, label: string): Pool {
  const logger = new Logger(`Database:${label}`);
  const checkedOut = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('error', (error) => logger.warn(`idle database connection lost: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      logger.warn(`database connection lost: ${error.message}`);
      if (!checkedOut.has(client)) return;
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(error);
    });
  });
  return pool;
}

@Injectable()
class PoolCloser implements OnApplicationShutdown {
  constructor(
    @Inject(Pool) private readonly pool: Pool,
    @Inject(REPLICA_POOL) private readonly replica: Pool | null,
    @Inject(POINT_READS) private readonly pointReads: PointReads,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.pointReads.end(), this.pool.end(), this.replica?.end()]);
  }
}

export interface DatabaseOptions {
  databaseUrl: string;
  /** A streaming replica for the reads injected with `InjectReadDatabase()`; optional. */
  readUrl?: string | undefined;
  /** Shown in pg_stat_activity; the replica's connections carry it with `-read` appended. */
  applicationName: string;
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    const { readUrl } = options;
    return {
      module: DatabaseModule,
      providers: [
        { provide: Pool, useFactory: () => createPool(options.databaseUrl, options.applicationName) },
        { provide: DATABASE, inject: [Pool], useFactory: (pool: Pool): Database => drizzle({ client: pool }) },
        {
          provide: POINT_READS,
          inject: [Pool],
          useFactory: (pool: Pool) =>
            new PointReads(pool, connectionOf(options.databaseUrl, options.applicationName), options.applicationName),
        },
        // A replica that is slow to connect costs each read routed to it that long before the primary answers: keep it short.
        {
          provide: REPLICA_POOL,
          useFactory: () => (readUrl ? createPool(readUrl, `${options.applicationName}-read`, REPLICA_CONNECT_TIMEOUT_MS) : null),
        },
        {
          provide: READ_DATABASE,
          inject: [DATABASE, REPLICA_POOL],
          useFactory: (primary: Database, replica: Pool | null): Database => (replica ? replicaDatabase(primary, replica) : primary),
        },
        PoolCloser,
      ],
      exports: [DATABASE, READ_DATABASE, POINT_READS, Pool],
    };
  }
}
