import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

/** Logs the runner keeps are its user's alone: they name addresses, paths and request ids. */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** `folder` created if missing and made private (an older, wider mode included). */
export function privateFolder(folder: string): string {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(folder, PRIVATE_FOLDER_MODE);
  return folder;
}

/**
 * `name` in `folder`, both created if missing and made private (an older, wider mode included);
 * the file is kept as it is otherwise, for a writer that appends to it (nginx opens its access log
 * as root and hands the open file to its workers, so they need no access of their own).
 */
export function privateLogFile(folder: string, name: string): string {
  privateFolder(folder);
  const file = path.join(folder, name);
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
  return file;
}
