import { quoteIdentifier } from '@teamfit/database';
import { Client } from 'pg';
import { testRunState } from './test-run-state';

export default async function globalTeardown(): Promise<void> {
  const template = testRunState.dropTemplate;
  if (template && !testRunState.stopPostgres) {
    // A shared server (DATABASE_URL): leave it as we found it.
    const client = new Client({ connectionString: template.adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(template.template)} WITH (FORCE)`);
    await client.end();
  }
  await testRunState.stopPostgres?.();
}
