import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { withSessionAdvisoryLock } from './advisory-lock';

export interface MigrationTarget {
  /** Owner of the migrations: its journal table is `drizzle.<service>_migrations`. */
  service: string;
  /** Folder written by drizzle-kit (SQL files and meta/_journal.json). */
  migrationsFolder: string;
}

/** One lock for every service's migrations: instances of one service, and services, start together. */
export const MIGRATION_LOCK = 'teamfit-migrations';

/**
 * Applies a service's committed migrations; idempotent. Several instances of a service (and the
 * five services) start at once, so a session advisory lock serialises them: without it two
 * instances both read "nothing applied yet" from the journal and both run the first migration
 * (one fails on the schema the other created), and concurrent `CREATE SCHEMA IF NOT EXISTS` of
 * the journal's schema can collide. Whoever waited finds the journal complete and applies nothing.
 */
export async function runMigrations(databaseUrl: string, target: MigrationTarget): Promise<number> {
  if (!existsSync(path.join(target.migrationsFolder, 'meta', '_journal.json'))) return 0;
  const client = new Client({ connectionString: databaseUrl, application_name: `${target.service}-migrations` });
  // The server going away mid-migration rejects the pending query (and fails the start); without
  // a listener the client's 'error' event would end the process first.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await withSessionAdvisoryLock(client, MIGRATION_LOCK, async () => {
      const before = await countApplied(client, target.service);
      await migrate(drizzle({ client }), {
        migrationsFolder: target.migrationsFolder,
        migrationsSchema: 'drizzle',
        migrationsTable: `${target.service}_migrations`,
      });
      return (await countApplied(client, target.service)) - before;
    });
  } finally {
    // A session lock whose unlock could not be sent dies with the session.
    await client.end();
  }
}

async function countApplied(client: Client, service: string): Promise<number> {
  const table = await client.query<{ exists: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS exists`, [`drizzle.${service}_migrations`]);
  if (!table.rows[0]?.exists) return 0;
  const result = await client.query<{ count: string }>(`SELECT count(*)::text AS count FROM drizzle."${service}_migrations"`);
  return Number(result.rows[0]?.count ?? 0);
}
