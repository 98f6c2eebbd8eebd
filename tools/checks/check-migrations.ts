// Fails when a service's TypeScript schema and its committed SQL migrations have drifted: it
// generates into a scratch copy of the migrations and expects drizzle-kit to find nothing to do.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzleKitGenerate, ROOT, servicesWithSchema } from './drizzle-kit';

const sqlFiles = (dir: string): string[] => readdirSync(dir).filter((file) => file.endsWith('.sql'));

let drifted = 0;
for (const service of servicesWithSchema()) {
  const committed = path.join(ROOT, 'apps', service, 'migrations');
  const scratch = mkdtempSync(path.join(tmpdir(), `migrations-${service}-`));
  try {
    cpSync(committed, scratch, { recursive: true });
    drizzleKitGenerate(service, { DRIZZLE_OUT: scratch });
    const added = sqlFiles(scratch).filter((file) => !sqlFiles(committed).includes(file));
    if (added.length > 0) {
      drifted += 1;
      console.error(`migrations: ${service} schema differs from its migrations; run "npm run db:generate -- <name>" and commit apps/${service}/migrations`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
if (drifted > 0) process.exit(1);
console.log('migrations: every schema matches its committed migrations');
