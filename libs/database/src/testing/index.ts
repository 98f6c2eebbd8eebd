export {
  TEST_ADMIN_URL_ENV,
  TEST_SERVICE_URL_ENV,
  TEST_TEMPLATE_ENV,
  createTestDatabase,
  migrationsUpTo,
  openTestDatabase,
  prepareTemplateDatabase,
  withDatabase,
  type TestDatabase,
} from './test-database';
export { startReplicatedPostgres, type ReplicatedPostgres } from './replicated-postgres';
