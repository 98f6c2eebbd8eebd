export { CONNECT_TIMEOUT_MS, DATABASE, DatabaseModule, InjectDatabase, createPool, survivingConnectionLoss, type Database } from './database.module';
export { runMigrations, type MigrationTarget } from './migrations';
export { ensureDatabase, quoteIdentifier, startEmbeddedPostgres, type EmbeddedPostgresOptions, type RunningPostgres } from './embedded-postgres';
export { serviceMigrationTargets, telemetryMigrationTarget } from './service-migrations';
