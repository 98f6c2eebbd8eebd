// Fails when a service's TypeScript schema and its committed SQL migrations have drifted: it
// generates into a scratch copy of the migrations and expects drizzle-kit to find nothing to do.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { drizzleKitGenerate, ROOT, servicesWithSchema } from './drizzle-kit';

// drizzle-kit takes `out` relative to the working directory, so the scratch copy lives in the tree.
const SCRATCH = path.join('.data', 'migration-check');

let failures = 0;
for (const service of servicesWithSchema()) {
  const scratch = path.join(SCRATCH, service);
  rmSync(path.join(ROOT, scratch), { recursive: true, force: true });
  mkdirSync(path.join(ROOT, scratch), { recursive: true });
  try {
    cpSync(path.join(ROOT, 'apps', service, 'migrations'), path.join(ROOT, scratch), { recursive: true });
    const output = drizzleKitGenerate(service, { DRIZZLE_OUT: scratch });
    if (!/No schema changes/i.test(output)) {
      failures += 1;
      console.error(
        `migrations: ${service} schema differs from its committed migrations; run "npm run db:generate -- <name>" and commit apps/${service}/migrations`,
      );
      if (!/migration file/i.test(output)) console.error(output);
    }
  } finally {
    rmSync(path.join(ROOT, scratch), { recursive: true, force: true });
  }
}
if (failures > 0) process.exit(1);
console.log('migrations: every schema matches its committed migrations');
