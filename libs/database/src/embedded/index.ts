// A light entry point: the embedded PostgreSQL server without the framework behind
// `@teamfit/database` (the local runner starts it and must stay small in memory).
export {
  ensureDatabase,
  quoteIdentifier,
  prepareEmbeddedPostgres,
  startEmbeddedPostgres,
  waitForEmbeddedPostgres,
  type EmbeddedPostgresOptions,
  type EmbeddedServerCommand,
  type RunningPostgres,
} from '../embedded-postgres';
export { provisionServiceRole } from '../service-role';
