import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadServiceConfig } from './service-config';

const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const VALID = { DATABASE_URL: 'postgres://u:p@localhost:5432/db', JWT_PUBLIC_KEY: PUBLIC_PEM };

const errorOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadServiceConfig', () => {
  it('builds the typed configuration with the service defaults', () => {
    const config = loadServiceConfig('media', VALID);
    expect(config.port).toBe(9102);
    expect(config.bodyLimitBytes).toBe(100 * 1024 * 1024);
    expect(config.jwt.privateKeyPem).toBeUndefined();
    expect(loadServiceConfig('organisation', { ...VALID, PORT: '7000' }).port).toBe(7000);
  });

  it('names a missing required setting in one line', () => {
    expect(errorOf(() => loadServiceConfig('media', { JWT_PUBLIC_KEY: PUBLIC_PEM }))).toBe('DATABASE_URL is required');
    expect(errorOf(() => loadServiceConfig('media', { ...VALID, DATABASE_URL: '  ' }))).toBe('DATABASE_URL is required');
  });

  it('names a bad setting and why', () => {
    expect(errorOf(() => loadServiceConfig('media', { ...VALID, DATABASE_URL: 'mysql://x' }))).toBe(
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
    expect(errorOf(() => loadServiceConfig('media', { ...VALID, PORT: 'eighty' }))).toMatch(/^PORT /);
    expect(errorOf(() => loadServiceConfig('media', { ...VALID, JWT_PUBLIC_KEY: 'not a key' }))).toBe(
      'JWT_PUBLIC_KEY must be a PEM-encoded public key',
    );
  });

  it('takes the previous public keys of a rotation, one or more PEM blocks in one value', () => {
    expect(loadServiceConfig('media', VALID).jwt.previousPublicKeyPems).toEqual([]);
    const two = `${PUBLIC_PEM.trim()}\n${PUBLIC_PEM.trim()}`.replace(/\n/g, '\\n');
    expect(loadServiceConfig('media', { ...VALID, JWT_PREVIOUS_PUBLIC_KEYS: two }).jwt.previousPublicKeyPems).toEqual([
      PUBLIC_PEM.trim(),
      PUBLIC_PEM.trim(),
    ]);
    expect(errorOf(() => loadServiceConfig('media', { ...VALID, JWT_PREVIOUS_PUBLIC_KEYS: 'old key' }))).toBe(
      'JWT_PREVIOUS_PUBLIC_KEYS must hold one or more PEM-encoded public keys',
    );
  });

  it('takes an optional read replica URL, checked like DATABASE_URL', () => {
    expect(loadServiceConfig('profile', { ...VALID, JWT_PRIVATE_KEY: PRIVATE_PEM }).databaseReadUrl).toBeUndefined();
    expect(loadServiceConfig('media', { ...VALID, DATABASE_READ_URL: ' ' }).databaseReadUrl).toBeUndefined();
    expect(loadServiceConfig('media', { ...VALID, DATABASE_READ_URL: 'postgresql://u:p@replica:5432/db' }).databaseReadUrl).toBe(
      'postgresql://u:p@replica:5432/db',
    );
    expect(errorOf(() => loadServiceConfig('media', { ...VALID, DATABASE_READ_URL: 'http://replica' }))).toBe(
      'DATABASE_READ_URL must be a postgres:// or postgresql:// URL',
    );
  });

  it('runs the migrations on DATABASE_MIGRATION_URL when given, else on DATABASE_URL', () => {
    expect(loadServiceConfig('media', VALID).migrationDatabaseUrl).toBe(VALID.DATABASE_URL);
    expect(loadServiceConfig('media', { ...VALID, DATABASE_MIGRATION_URL: ' ' }).migrationDatabaseUrl).toBe(VALID.DATABASE_URL);
    const config = loadServiceConfig('media', { ...VALID, DATABASE_MIGRATION_URL: 'postgres://owner:o@localhost:5432/db' });
    expect({ service: config.databaseUrl, migrations: config.migrationDatabaseUrl }).toEqual({
      service: VALID.DATABASE_URL,
      migrations: 'postgres://owner:o@localhost:5432/db',
    });
    expect(errorOf(() => loadServiceConfig('media', { ...VALID, DATABASE_MIGRATION_URL: 'mysql://x' }))).toBe(
      'DATABASE_MIGRATION_URL must be a postgres:// or postgresql:// URL',
    );
  });

  it('requires the private key only where tokens are signed, and accepts one-line PEMs', () => {
    expect(errorOf(() => loadServiceConfig('auth', VALID))).toBe('JWT_PRIVATE_KEY is required by the auth service');
    const config = loadServiceConfig('auth', { ...VALID, JWT_PRIVATE_KEY: PRIVATE_PEM.replace(/\n/g, '\\n') });
    expect(config.jwt.privateKeyPem).toBe(PRIVATE_PEM.trim());
  });

  it('reads the retention windows, defaults 24 months and 30 days, and refuses what is not a whole positive number', () => {
    expect(loadServiceConfig('evaluation', VALID).retention).toEqual({ candidateMonths: 24, requestLogBodyDays: 30 });
    expect(loadServiceConfig('evaluation', { ...VALID, RETENTION_CANDIDATE_MONTHS: '6', REQUEST_LOG_BODY_DAYS: '7' }).retention).toEqual({
      candidateMonths: 6,
      requestLogBodyDays: 7,
    });
    for (const bad of ['0', '-3', '1.5', 'two', '1201'])
      expect(errorOf(() => loadServiceConfig('evaluation', { ...VALID, RETENTION_CANDIDATE_MONTHS: bad }))).toMatch(
        /^RETENTION_CANDIDATE_MONTHS /,
      );
    for (const bad of ['0', '401', 'x'])
      expect(errorOf(() => loadServiceConfig('organisation', { ...VALID, REQUEST_LOG_BODY_DAYS: bad }))).toMatch(/^REQUEST_LOG_BODY_DAYS /);
  });

  it('reads how long a persona erasure waits for the other services, default 10 s, between 100 ms and 30 s', () => {
    expect(loadServiceConfig('profile', { ...VALID, JWT_PRIVATE_KEY: PRIVATE_PEM }).personaErasureWaitMs).toBe(10_000);
    expect(
      loadServiceConfig('profile', { ...VALID, JWT_PRIVATE_KEY: PRIVATE_PEM, PERSONA_ERASURE_WAIT_MS: '300' }).personaErasureWaitMs,
    ).toBe(300);
    for (const bad of ['99', '30001', '1.5', 'soon'])
      expect(errorOf(() => loadServiceConfig('profile', { ...VALID, JWT_PRIVATE_KEY: PRIVATE_PEM, PERSONA_ERASURE_WAIT_MS: bad }))).toMatch(
        /^PERSONA_ERASURE_WAIT_MS /,
      );
  });

  describe('secrets as files (<NAME>_FILE)', () => {
    let folder: string;
    beforeAll(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'teamfit-config-'));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    const fileWith = (name: string, content: string): string => {
      const file = path.join(folder, name);
      writeFileSync(file, content, { mode: 0o600 });
      return file;
    };

    it('reads a key and a database URL from the files they name, trailing newline dropped', () => {
      const config = loadServiceConfig('auth', {
        DATABASE_URL_FILE: fileWith('database-url', 'postgres://svc:s3cret@db:5432/teamfit\n'),
        JWT_PUBLIC_KEY_FILE: fileWith('public.pem', PUBLIC_PEM),
        JWT_PRIVATE_KEY_FILE: fileWith('private.pem', PRIVATE_PEM),
      });
      expect(config.databaseUrl).toBe('postgres://svc:s3cret@db:5432/teamfit');
      expect(config.jwt.publicKeyPem).toBe(PUBLIC_PEM.trim());
      expect(config.jwt.privateKeyPem).toBe(PRIVATE_PEM.trim());
    });

    it('refuses a setting given both ways, and a file it cannot read, in one line without the value', () => {
      expect(errorOf(() => loadServiceConfig('media', { ...VALID, DATABASE_URL_FILE: fileWith('url', 'postgres://x@y/z') }))).toBe(
        'DATABASE_URL and DATABASE_URL_FILE are both set; set one',
      );
      expect(
        errorOf(() => loadServiceConfig('media', { JWT_PUBLIC_KEY: PUBLIC_PEM, DATABASE_URL_FILE: path.join(folder, 'missing') })),
      ).toBe('DATABASE_URL_FILE names a file that cannot be read (ENOENT)');
    });
  });

  it('checks the tracing settings with the others, though the entry point reads them first', () => {
    const tracing = { ...VALID, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(() => loadServiceConfig('media', tracing)).not.toThrow();
    expect(errorOf(() => loadServiceConfig('media', { ...VALID, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }))).toMatch(
      /^OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    );
    expect(errorOf(() => loadServiceConfig('media', { ...tracing, OTEL_TRACES_SAMPLER: 'sometimes' }))).toMatch(
      /^OTEL_TRACES_SAMPLER must be one of /,
    );
  });
});
