import type { INestApplication } from '@nestjs/common';
import { generateKeyPair, type KeyPairPem, type TokenClaims, TokenSigner } from '@teamfit/auth';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceApp, loadServiceConfig, type LogOutput, type ServiceConfig, type ServiceModuleFactory, type ServiceName } from '@teamfit/common';
import { migrateService } from '../start-service';

export interface TestServiceOptions {
  databaseUrl: string;
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
export async function startTestService(service: ServiceName, moduleFactory: ServiceModuleFactory, options: TestServiceOptions): Promise<RunningTestService> {
  const config = testServiceConfig(service, options);
  if (options.migrate) await migrateService(config.databaseUrl, service);
  const app = await createServiceApp(config, moduleFactory, { logOutput: options.logOutput });
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  const address = server.address() as AddressInfo;
  return { app, port: address.port, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** Tokens minted per test with the real signing code and a key pair of the test's own. */
export class TestTokens {
  readonly keys: KeyPairPem;
  private readonly signer: TokenSigner;

  constructor(keys: KeyPairPem = generateKeyPair(), now?: () => number) {
    this.keys = keys;
    this.signer = new TokenSigner({ publicKeyPem: keys.publicKeyPem, privateKeyPem: keys.privateKeyPem, issuer: 'teamfit', audience: 'teamfit-api', now });
  }

  mint(claims: TokenClaims, ttlSeconds?: number): string {
    return this.signer.sign(claims, ttlSeconds);
  }

  admin(overrides: Partial<TokenClaims> = {}): string {
    return this.mint({ sub: '00000000-0000-4000-8000-000000000001', kind: 'account', emailAddress: 'admin@example.test', isAdmin: true, ...overrides });
  }

  account(overrides: Partial<TokenClaims> = {}): string {
    return this.mint({ sub: '00000000-0000-4000-8000-000000000002', kind: 'account', emailAddress: 'member@example.test', isAdmin: false, ...overrides });
  }
}
