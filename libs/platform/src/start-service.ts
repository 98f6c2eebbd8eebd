import type { INestApplication } from '@nestjs/common';
import { runService, type ServiceModuleFactory, type ServiceName } from '@teamfit/common';
import { runMigrations, telemetryMigrationTarget } from '@teamfit/database';
import { migrationsFolderOf, REPOSITORY_ROOT } from './repository-root';

/** `main.ts` of every service: configuration, the API-call log's and the service's migrations, then the port. */
export function startService(service: ServiceName, moduleFactory: ServiceModuleFactory): Promise<INestApplication> {
  return runService({
    service,
    moduleFactory,
    beforeListen: async (config) => {
      await runMigrations(config.databaseUrl, telemetryMigrationTarget(REPOSITORY_ROOT));
      await runMigrations(config.databaseUrl, { service, migrationsFolder: migrationsFolderOf(service) });
    },
  });
}
