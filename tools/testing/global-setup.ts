import { serviceMigrationTargets, startEmbeddedPostgres } from '@teamfit/database';
import {
  prepareTemplateDatabase,
  TEST_ADMIN_URL_ENV,
  TEST_SERVICE_URL_ENV,
  TEST_TEMPLATE_ENV,
  withDatabase,
} from '@teamfit/database/testing';
import { seedTestAccounts } from '@teamfit/platform/testing';
import { freePort } from '@teamfit/gateway';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testRunState } from './test-run-state';

const ROOT = path.resolve(__dirname, '../..');

/** Real PostgreSQL for the run: DATABASE_URL when given, else an embedded server in a temp dir. */
export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env['DATABASE_URL'];
  // On the embedded server the services under test connect as the services' role, as under `npm start`.
  let service: { url: string; password: string } | undefined;
  if (!adminUrl) {
    const scratch = mkdtempSync(path.join(tmpdir(), 'teamfit-test-'));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
    chmodSync(scratch, 0o755);
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(scratch, 'postgres'),
      port: await freePort(),
      database: 'teamfit_test',
      persistent: false,
      forTests: true,
    });
    testRunState.stopPostgres = () => postgres.stop();
    adminUrl = postgres.adminUrl;
    service = { url: withDatabase(postgres.serviceUrl, 'postgres'), password: postgres.servicePassword };
  }
  const template = `teamfit_template_${process.pid}`;
  await prepareTemplateDatabase(adminUrl, template, serviceMigrationTargets(ROOT), service?.password);
  // The accounts the tests' tokens name: rights are read from the account (docs/adr/0067-rights-read-from-the-account.md).
  await seedTestAccounts(withDatabase(adminUrl, template));
  testRunState.dropTemplate = { adminUrl, template };
  // Workers are forked after global setup and inherit these.
  process.env[TEST_ADMIN_URL_ENV] = adminUrl;
  process.env[TEST_TEMPLATE_ENV] = template;
  if (service) process.env[TEST_SERVICE_URL_ENV] = service.url;
}
