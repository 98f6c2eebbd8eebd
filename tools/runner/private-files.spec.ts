import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateLogFile } from './private-files';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('privateLogFile', () => {
  it('creates the folder 0700 and the file 0600', () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'teamfit-private-')), 'logs');
    const file = privateLogFile(folder, 'access.log');
    expect(file).toBe(path.join(folder, 'access.log'));
    expect({ folder: modeOf(folder), file: modeOf(file) }).toEqual({ folder: 0o700, file: 0o600 });
  });

  it('narrows an existing folder and file, and keeps what the file holds', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'teamfit-private-'));
    chmodSync(folder, 0o755);
    const existing = path.join(folder, 'access.log');
    writeFileSync(existing, 'a line\n', { mode: 0o644 });
    mkdirSync(folder, { recursive: true });
    privateLogFile(folder, 'access.log');
    expect({ folder: modeOf(folder), file: modeOf(existing) }).toEqual({ folder: 0o700, file: 0o600 });
    expect(readFileSync(existing, 'utf8')).toBe('a line\n');
  });
});
