import type { INestApplication } from '@nestjs/common';
import { generateKeyPair, type KeyPairPem, type TokenClaims, TokenSigner } from '@teamfit/auth';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_ADMIN_ACCOUNT, TEST_MEMBER_ACCOUNT } from './test-accounts';
import {
  createServiceApp,
  loadServiceConfig,
  type LogOutput,
  type ServiceConfig,
  type ServiceModuleFactory,
  type ServiceName,
} from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { migrateService } from '../start-service';

export interface TestServiceOptions {
  databaseUrl: string;
  /** Where the migrations run (DATABASE_MIGRATION_URL) when `databaseUrl` is the services' role; unset, `databaseUrl`. */
  migrationDatabaseUrl?: string;
  keys: KeyPairPem;
  env?: Record<string, string>;
  /** Run the service's migrations first, as `main.ts` does (test databases are usually migrated clones). */
  migrate?: boolean;
  /** Receives the service's log lines instead of stdout (LOG_LEVEL is `error` unless `env` says otherwise). */
  logOutput?: LogOutput;
}

/** The service's configuration as a test runs it: the real loader, test values. */
export function testServiceConfig(service: ServiceName, options: TestServiceOptions): ServiceConfig {
  return loadServiceConfig(service, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'error',
    DATABASE_URL: options.databaseUrl,
    ...(options.migrationDatabaseUrl ? { DATABASE_MIGRATION_URL: options.migrationDatabaseUrl } : {}),
    JWT_PUBLIC_KEY: options.keys.publicKeyPem,
    JWT_PRIVATE_KEY: options.keys.privateKeyPem,
    ...options.env,
  });
}

export interface RunningTestService {
  app: INestApplication;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Boots the real service application (same factory as main.ts) on a free loopback port. */
export async function startTestService(
  service: ServiceName,
  moduleFactory: ServiceModuleFactory,
  options: TestServiceOptions,
): Promise<RunningTestService> {
  const config = testServiceConfig(service, options);
  if (options.migrate) await migrateService(config.migrationDatabaseUrl, service);
  const app = await createServiceApp(config, moduleFactory, { logOutput: options.logOutput });
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  const address = server.address() as AddressInfo;
  return { app, port: address.port, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/**
 * Tokens minted per test with the real signing code and a key pair of the test's own. `admin()` and
 * `account()` name the seeded test accounts (test-accounts.ts); a token for any other account is
 * refused unless the test writes that account.
 */
export class TestTokens {
  readonly keys: KeyPairPem;
  private readonly signer: TokenSigner;

  constructor(keys: KeyPairPem = generateKeyPair(), now?: () => number) {
    this.keys = keys;
    this.signer = new TokenSigner({
      publicKeyPem: keys.publicKeyPem,
      privateKeyPem: keys.privateKeyPem,
      issuer: 'teamfit',
      audience: 'teamfit-api',
      now,
    });
  }

  mint(claims: TokenClaims, ttlSeconds?: number): string {
    return this.signer.sign(claims, ttlSeconds);
  }

  admin(overrides: Partial<TokenClaims> = {}): string {
    return this.mint({
      sub: TEST_ADMIN_ACCOUNT.id,
      kind: 'account',
      emailAddress: TEST_ADMIN_ACCOUNT.emailAddress,
      isAdmin: true,
      ...overrides,
    });
  }

  account(overrides: Partial<TokenClaims> = {}): string {
    return this.mint({
      sub: TEST_MEMBER_ACCOUNT.id,
      kind: 'account',
      emailAddress: TEST_MEMBER_ACCOUNT.emailAddress,
      isAdmin: false,
      ...overrides,
    });
  }
}

/** A service on a test database of its own for one test file, with the tokens its tests use. */
export interface ServiceUnderTest {
  readonly tokens: TestTokens;
  /** Bearer headers: an administrator account, a non-administrator account. */
  readonly admin: string;
  readonly member: string;
  /** Available once the file's first `beforeAll` has run (in tests and later hooks). */
  readonly database: TestDatabase;
  readonly service: RunningTestService;
  readonly url: string;
}

/**
 * Registers the hooks that start `service` on a fresh clone of the migrated template before the
 * file's (or the `describe`'s) tests and close it and drop the database after them. Call it where
 * `beforeAll` may be called, before the file's own hooks: Jest runs `beforeAll` and `afterAll`
 * hooks in the order they are declared, so the file's own set-up finds the service running and its
 * own clean-up runs after the service is closed.
 */
export function serviceUnderTest(
  service: ServiceName,
  moduleFactory: ServiceModuleFactory,
  options: { tokens?: TestTokens; env?: Record<string, string> } = {},
): ServiceUnderTest {
  const tokens = options.tokens ?? new TestTokens();
  let database: TestDatabase | undefined;
  let running: RunningTestService | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    // As the services' role where the run has one (the embedded server), so that its grants are tested too.
    running = await startTestService(service, moduleFactory, {
      databaseUrl: database.serviceUrl,
      migrationDatabaseUrl: database.url,
      keys: tokens.keys,
      env: options.env,
    });
  });
  afterAll(async () => {
    await running?.close();
    await database?.drop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet: use it in a test or a hook`);
    return value;
  };
  return {
    tokens,
    admin: `Bearer ${tokens.admin()}`,
    member: `Bearer ${tokens.account()}`,
    get database() {
      return started(database, 'the test database');
    },
    get service() {
      return started(running, `the ${service} service`);
    },
    get url() {
      return started(running, `the ${service} service`).url;
    },
  };
}
