import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { MigrationTarget } from './migrations';

/** The API-call log's schema, owned by libs/common; every service writes to it. */
export function telemetryMigrationTarget(repositoryRoot: string): MigrationTarget {
  return { service: 'telemetry', migrationsFolder: path.join(repositoryRoot, 'libs', 'common', 'migrations', 'telemetry') };
}

/**
 * Every migration of the platform: the shared telemetry schema, then `apps/<service>/migrations`.
 * The layout is the same in the source tree and in dist/, so `repositoryRoot` is the only input.
 * An app without a migrations folder owns no schema (a web app such as apps/hub-web).
 */
export function serviceMigrationTargets(repositoryRoot: string): MigrationTarget[] {
  const appsDir = path.join(repositoryRoot, 'apps');
  const services = readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ service: entry.name, migrationsFolder: path.join(appsDir, entry.name, 'migrations') }))
    .filter((target) => existsSync(target.migrationsFolder));
  return [telemetryMigrationTarget(repositoryRoot), ...services];
}
