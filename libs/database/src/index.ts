export { withAdvisoryLock, withAdvisoryLockIfFree, withSessionAdvisoryLock, type LockedRun } from './advisory-lock';
export {
  CONNECT_TIMEOUT_MS,
  DATABASE,
  DatabaseModule,
  InjectDatabase,
  createPool,
  survivingConnectionLoss,
  type Database,
  type Transaction,
} from './database.module';
export { MIGRATION_LOCK, runMigrations, type MigrationTarget } from './migrations';
export { ensureDatabase, quoteIdentifier, startEmbeddedPostgres, type EmbeddedPostgresOptions, type RunningPostgres } from './embedded-postgres';
export { serviceMigrationTargets, telemetryMigrationTarget } from './service-migrations';
