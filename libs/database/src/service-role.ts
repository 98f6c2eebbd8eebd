import { Client } from 'pg';
import { quoteIdentifier } from './quote-identifier';

/** The role the services connect as on an embedded server: it owns nothing and is no superuser. */
export const SERVICE_ROLE = 'teamfit_service';

/** Schemas the services never use at run time: the migrations' journals stay the owner's. */
const OWNER_ONLY_SCHEMAS = ['drizzle'];

/**
 * Creates (or brings up to date) the services' role and its rights in the database `ownerUrl`
 * names, connected as the role that runs the migrations (docs/adr/0066-local-secrets-per-data-folder.md):
 * reading and writing rows, using sequences and functions, in every schema the owner has made or
 * will make (default privileges: tables a later migration adds are granted as they are created).
 * Nothing else: no DDL, no ownership, no superuser, so no `COPY … TO PROGRAM` and no server files.
 * Idempotent; run at every start, after the database exists and before the services start.
 */
export async function provisionServiceRole(ownerUrl: string, password: string): Promise<void> {
  if (!/^[0-9a-f]{16,}$/.test(password)) throw new Error('the service role password must be generated hex');
  const role = quoteIdentifier(SERVICE_ROLE);
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [SERVICE_ROLE]);
    const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT';
    await client.query(`${exists.rowCount === 0 ? 'CREATE' : 'ALTER'} ROLE ${role} WITH ${attributes} PASSWORD '${password}'`);
    const database = quoteIdentifier((await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0]?.name ?? '');
    await client.query(`GRANT CONNECT ON DATABASE ${database} TO ${role}`);
    // The journals' schema exists before any migration, so that the default below never reaches it.
    for (const schema of OWNER_ONLY_SCHEMAS) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
      await client.query(`REVOKE ALL ON SCHEMA ${quoteIdentifier(schema)} FROM ${role}`);
      await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${quoteIdentifier(schema)} FROM ${role}`);
    }
    await client.query(`ALTER DEFAULT PRIVILEGES GRANT USAGE ON SCHEMAS TO ${role}`);
    await client.query(`ALTER DEFAULT PRIVILEGES GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`);
    await client.query(`ALTER DEFAULT PRIVILEGES GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role}`);
    await client.query(`ALTER DEFAULT PRIVILEGES GRANT EXECUTE ON FUNCTIONS TO ${role}`);
    // What the migrations made before this role or these defaults existed (a data folder of before).
    const schemas = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace
        WHERE nspowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
          AND nspname <> ALL ($1::text[]) AND nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' AND nspname <> 'public'`,
      [OWNER_ONLY_SCHEMAS],
    );
    for (const { name } of schemas.rows) {
      const schema = quoteIdentifier(name);
      await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
      await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
      await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
      await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${role}`);
    }
  } finally {
    await client.end();
  }
}
