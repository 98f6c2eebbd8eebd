export { withAdvisoryLock, withAdvisoryLockIfFree, withSessionAdvisoryLock, type LockedRun } from './advisory-lock';
export {
  CONNECT_TIMEOUT_MS,
  DATABASE,
  DatabaseModule,
  InjectDatabase,
  InjectReadDatabase,
  READ_DATABASE,
  createPool,
  survivingConnectionLoss,
  type Database,
  type DatabaseOptions,
  type Executor,
  type Transaction,
} from './database.module';
export { isDatabaseUnavailable } from './database-unavailable';
export { SharedPipeline } from './pipelined-statements';
export { InjectPointReads, POINT_READ_LOCK_TIMEOUT_MS, POINT_READS, PointReads, type PointReadDatabase } from './point-reads';
export { REPLICA_CONNECT_TIMEOUT_MS, REPLICA_RETRY_AFTER_MS, ReplicaRouting, replicaDatabase } from './read-replica';
export { MIGRATION_LOCK, runMigrations, type MigrationTarget } from './migrations';
export {
  ensureDatabase,
  quoteIdentifier,
  startEmbeddedPostgres,
  type EmbeddedPostgresOptions,
  type RunningPostgres,
} from './embedded-postgres';
export { provisionServiceRole, SERVICE_ROLE } from './service-role';
export { serviceMigrationTargets, telemetryMigrationTarget } from './service-migrations';
export { PooledReadSnapshot, type ReadSnapshot, type ReadSnapshotOptions } from './read-snapshot';
