import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureInboxCredentials, inboxAuthorization, inboxCredentialsFile, readInboxCredentials } from './inbox-credentials';

const modeOf = (target: string) => statSync(target).mode & 0o777;

describe('the inbox credentials of a data folder', () => {
  it('are generated once, in a file only the platform user reads, and the same at every later start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'teamfit-inbox-'));
    const first = ensureInboxCredentials(dataDir);
    expect(first.user).toBe('teamfit');
    expect(first.password).toMatch(/^[0-9a-f]{48}$/);
    expect({ folder: modeOf(path.join(dataDir, 'secrets')), file: modeOf(inboxCredentialsFile(dataDir)) }).toEqual({
      folder: 0o700,
      file: 0o600,
    });
    expect(readFileSync(inboxCredentialsFile(dataDir), 'utf8')).toBe(`teamfit:${first.password}\n`);
    // A wider mode from before is narrowed; the credentials stay.
    chmodSync(inboxCredentialsFile(dataDir), 0o644);
    chmodSync(path.join(dataDir, 'secrets'), 0o755);
    expect(ensureInboxCredentials(dataDir)).toEqual(first);
    expect({ folder: modeOf(path.join(dataDir, 'secrets')), file: modeOf(inboxCredentialsFile(dataDir)) }).toEqual({
      folder: 0o700,
      file: 0o600,
    });
    expect(ensureInboxCredentials(mkdtempSync(path.join(tmpdir(), 'teamfit-inbox-'))).password).not.toBe(first.password);
  });

  it('give the Authorization header curl -u and MailDev use, and refuse a file that is not user:password', () => {
    expect(inboxAuthorization({ user: 'teamfit', password: 'secret' })).toBe(`Basic ${Buffer.from('teamfit:secret').toString('base64')}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'teamfit-inbox-'));
    ensureInboxCredentials(dataDir);
    writeFileSync(inboxCredentialsFile(dataDir), 'no colon\n');
    expect(() => readInboxCredentials(dataDir)).toThrow('secrets/maildev-inbox must hold one line user:password');
  });
});
