import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What keeps an embedded server to the platform's user (docs/adr/0066-local-secrets-per-data-folder.md):
 * passwords generated per data folder and kept beside it (0600 in a 0700 folder), a socket folder
 * only the server's user can enter, no TCP listener, and SCRAM passwords on the socket.
 */
export interface EmbeddedCredentials {
  /** The superuser `postgres`: migrations, databases, roles. */
  ownerPassword: string;
  /** The role the services connect as (docs/adr/0066-local-secrets-per-data-folder.md). */
  servicePassword: string;
}

/** Where an embedded server keeps what is not its data: its passwords' file and its socket folder. */
export interface EmbeddedLayout {
  credentialsFile: string;
  /** Undefined when the data folder's path is too long for a socket's: a private temporary folder then. */
  socketDir: string | undefined;
}

/**
 * A Unix socket's path holds at most 107 bytes on Linux (108 with its NUL); PostgreSQL names its
 * socket `.s.PGSQL.<port>` in the folder.
 */
const MAX_SOCKET_PATH_BYTES = 107;

/** `<data folder>/secrets/<server>.json` and `<data folder>/<server>-socket`, beside the server's own folder. */
export function embeddedLayout(dataDir: string, port: number): EmbeddedLayout {
  const parent = path.dirname(path.resolve(dataDir));
  const name = path.basename(dataDir);
  const socketDir = path.join(parent, `${name}-socket`);
  const fits = Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH_BYTES;
  return { credentialsFile: path.join(parent, 'secrets', `${name}.json`), socketDir: fits ? socketDir : undefined };
}

/** 32 random bytes as hex: nothing to quote in SQL or a URL. */
const newPassword = (): string => randomBytes(32).toString('hex');

/** The data folder's passwords, generated and written (0600, folder 0700) on first use. */
export function readOrCreateCredentials(file: string): { credentials: EmbeddedCredentials; created: boolean } {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(file), 0o700);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmbeddedCredentials>;
    if (typeof stored.ownerPassword === 'string' && typeof stored.servicePassword === 'string')
      return { credentials: { ownerPassword: stored.ownerPassword, servicePassword: stored.servicePassword }, created: false };
  }
  const credentials = { ownerPassword: newPassword(), servicePassword: newPassword() };
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { credentials, created: true };
}

/** The socket folder's path: the layout's, or a new private temporary folder when the layout's is too long for a socket. */
export function socketDirOf(layout: EmbeddedLayout): string {
  return layout.socketDir ?? mkdtempSync(path.join(tmpdir(), 'teamfit-pg-'));
}

/** Makes the socket folder 0700 and the server's user's (an older, wider one included). */
export function secureSocketDir(dir: string, owner: { uid: number; gid: number } | undefined): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (owner) chownSync(dir, owner.uid, owner.gid);
}

/** Removes a temporary socket folder once its server has stopped. */
export function releaseSocketDir(layout: EmbeddedLayout, dir: string): void {
  if (layout.socketDir === undefined) rmSync(dir, { recursive: true, force: true });
}

/**
 * The data folder's client authentication, written at every start so that folders made before
 * (which trusted loopback TCP with the fixed password) are brought to it: the socket only, SCRAM.
 */
export function writeClientAuthentication(dataDir: string): void {
  const file = path.join(dataDir, 'pg_hba.conf');
  const rules = [
    '# Written by the platform at every start (docs/adr/0066-local-secrets-per-data-folder.md):',
    '# the Unix socket only (no TCP listener), every role with its SCRAM password.',
    'local all all scram-sha-256',
    'local replication all scram-sha-256',
    '',
  ].join('\n');
  writeFileSync(file, rules, { mode: 0o600 });
  const folder = statSync(dataDir);
  if (process.getuid?.() === 0) chownSync(file, folder.uid, folder.gid);
}

/**
 * Gives the superuser the data folder's password, in a new folder or one made before passwords
 * were generated (or whose passwords' file was lost): the server in single-user mode, which needs
 * no password, sets it before the server starts. The password goes through standard input, never
 * a command line or a file.
 */
export function resetOwnerPassword(
  postgresBinary: string,
  dataDir: string,
  password: string,
  owner: { uid: number; gid: number } | undefined,
): void {
  execFileSync(postgresBinary, ['--single', '-D', dataDir, '-c', 'listen_addresses=', 'postgres'], {
    input: `ALTER ROLE postgres PASSWORD '${password}';\n`,
    stdio: ['pipe', 'ignore', 'pipe'],
    ...(owner ?? {}),
  });
}
