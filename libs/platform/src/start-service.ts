import type { INestApplication } from '@nestjs/common';
import { runService, type ServiceModuleFactory, type ServiceName } from '@teamfit/common';
import { runMigrations, telemetryMigrationTarget } from '@teamfit/database';
import { migrationsFolderOf, REPOSITORY_ROOT } from './repository-root';

/** What a service migrates before it opens its port: the API-call log's schema, then its own. */
export async function migrateService(databaseUrl: string, service: ServiceName): Promise<void> {
  await runMigrations(databaseUrl, telemetryMigrationTarget(REPOSITORY_ROOT));
  await runMigrations(databaseUrl, { service, migrationsFolder: migrationsFolderOf(service) });
}

/** `main.ts` of every service: configuration, the API-call log's and the service's migrations, then the port. */
export function startService(service: ServiceName, moduleFactory: ServiceModuleFactory): Promise<INestApplication> {
  return runService({ service, moduleFactory, beforeListen: (config) => migrateService(config.migrationDatabaseUrl, service) });
}
