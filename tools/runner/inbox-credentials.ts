// The MailDev inbox's credentials in a data folder: written by `npm start` (tools/runner/start.ts),
// read by the demo, the Postman tests and the runner's test.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { privateFolder, PRIVATE_FILE_MODE } from './private-files';

export interface InboxCredentials {
  user: string;
  password: string;
}

/** The inbox's credentials file in a data folder: one line, `user:password` (what `curl -u` takes). */
export const inboxCredentialsFile = (dataDir: string): string => path.join(dataDir, 'secrets', 'maildev-inbox');

const INBOX_USER = 'teamfit';

/**
 * The data folder's inbox credentials, generated on first use and kept in a file only the
 * platform's user reads (0600 in a 0700 folder): every sign-in code lands in the inbox, so other
 * local users must not read it (docs/adr/0066-local-secrets-per-data-folder.md).
 */
export function ensureInboxCredentials(dataDir: string): InboxCredentials {
  const file = inboxCredentialsFile(dataDir);
  privateFolder(path.dirname(file));
  if (!existsSync(file)) writeFileSync(file, `${INBOX_USER}:${randomBytes(24).toString('hex')}\n`, { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
  return readInboxCredentials(dataDir);
}

/** Reads the credentials `npm start` keeps in `dataDir` (for the demo, the Postman tests, a test). */
export function readInboxCredentials(dataDir: string): InboxCredentials {
  const line = readFileSync(inboxCredentialsFile(dataDir), 'utf8').trim();
  const colon = line.indexOf(':');
  if (colon <= 0 || colon === line.length - 1) throw new Error(`${inboxCredentialsFile(dataDir)} must hold one line user:password`);
  return { user: line.slice(0, colon), password: line.slice(colon + 1) };
}

/** The Authorization header value for the inbox. */
export const inboxAuthorization = (credentials: InboxCredentials): string =>
  `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
