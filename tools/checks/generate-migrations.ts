// Generates the SQL migration of every service whose schema changed: npm run db:generate -- <name>
import { drizzleKitGenerate, servicesWithSchema } from './drizzle-kit';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:generate -- <migration_name in snake_case>');
  process.exit(2);
}
for (const service of servicesWithSchema()) {
  const output = drizzleKitGenerate(service, {}, name);
  const written = /migration file.*?(apps\/\S+\.sql)/.exec(output)?.[1];
  console.log(`${service}: ${written ?? 'no changes'}`);
}
