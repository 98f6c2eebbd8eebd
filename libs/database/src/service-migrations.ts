import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { MigrationTarget } from './migrations';

/**
 * Where each service keeps its migrations: `apps/<service>/migrations`. The layout is the same
 * in the source tree and in dist/, so `repositoryRoot` is the only input.
 */
export function serviceMigrationTargets(repositoryRoot: string): MigrationTarget[] {
  const appsDir = path.join(repositoryRoot, 'apps');
  return readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ service: entry.name, migrationsFolder: path.join(appsDir, entry.name, 'migrations') }));
}
