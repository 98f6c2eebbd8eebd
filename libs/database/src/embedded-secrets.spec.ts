import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embeddedLayout, readOrCreateCredentials } from './embedded-secrets';

const modeOf = (target: string) => statSync(target).mode & 0o777;

describe('an embedded server’s layout', () => {
  it('keeps its passwords and its socket folder beside its data, in the platform’s data folder', () => {
    expect(embeddedLayout('/srv/teamfit/.data/postgres', 54329)).toEqual({
      credentialsFile: '/srv/teamfit/.data/secrets/postgres.json',
      socketDir: '/srv/teamfit/.data/postgres-socket',
    });
  });

  it('leaves the socket folder to a private temporary one when the socket’s path would pass 107 bytes', () => {
    const deep = `/srv/${'d'.repeat(80)}/postgres`;
    // `/srv/<80>/postgres-socket/.s.PGSQL.54329`: 5 + 80 + 16 + 15 = 116 bytes; with 69, 105.
    expect(embeddedLayout(deep, 54329)).toEqual({ credentialsFile: `/srv/${'d'.repeat(80)}/secrets/postgres.json`, socketDir: undefined });
    const fits = `/srv/${'d'.repeat(69)}/postgres`;
    expect(embeddedLayout(fits, 54329).socketDir).toBe(`/srv/${'d'.repeat(69)}/postgres-socket`);
  });

  it('generates the passwords once (0600 in a 0700 folder) and reads them back at every later start', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'teamfit-secrets-')), 'secrets', 'postgres.json');
    const first = readOrCreateCredentials(file);
    expect(first.created).toBe(true);
    expect(first.credentials.ownerPassword).toMatch(/^[0-9a-f]{64}$/);
    expect(first.credentials.servicePassword).toMatch(/^[0-9a-f]{64}$/);
    expect(first.credentials.servicePassword).not.toBe(first.credentials.ownerPassword);
    expect({ folder: modeOf(path.dirname(file)), file: modeOf(file) }).toEqual({ folder: 0o700, file: 0o600 });
    expect(readOrCreateCredentials(file)).toEqual({ credentials: first.credentials, created: false });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.credentials);
  });
});
