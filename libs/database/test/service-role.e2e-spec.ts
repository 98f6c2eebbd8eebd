import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { Client } from 'pg';
import { SERVICE_ROLE } from '../src/service-role';

/**
 * The role the services connect as (docs/adr/0066-local-secrets-per-data-folder.md): it reads
 * and writes every table the migrations made, and later migrations' tables too, but it is no
 * superuser, owns nothing, and cannot reach the server's files or programs.
 */
describe('the services’ role', () => {
  let database: TestDatabase;
  let owner: Client;
  let service: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = new Client({ connectionString: database.url });
    service = new Client({ connectionString: database.serviceUrl });
    await Promise.all([owner.connect(), service.connect()]);
  });

  afterAll(async () => {
    await Promise.all([owner.end(), service.end()]);
    await database.drop();
  });

  const errorCode = (query: Promise<unknown>) =>
    query.then(
      () => 'succeeded',
      (error: { code?: string }) => error.code,
    );

  it('is no superuser and cannot run programs or read files on the server', async () => {
    const me = await service.query<{ name: string; superuser: boolean; createrole: boolean; createdb: boolean }>(
      'SELECT current_user AS name, rolsuper AS superuser, rolcreaterole AS createrole, rolcreatedb AS createdb FROM pg_roles WHERE rolname = current_user',
    );
    expect(me.rows).toEqual([{ name: SERVICE_ROLE, superuser: false, createrole: false, createdb: false }]);
    // What a superuser could do as the server's operating-system user.
    expect(await errorCode(service.query("COPY (SELECT 1) TO PROGRAM 'id'"))).toBe('42501');
    expect(await errorCode(service.query("SELECT pg_read_file('postgresql.conf')"))).toBe('42501');
    expect(await errorCode(service.query('CREATE TABLE organisation.intruder (id int)'))).toBe('42501');
    expect(await errorCode(service.query('ALTER ROLE teamfit_service SUPERUSER'))).toBe('42501');
    expect(await errorCode(service.query('SELECT count(*) FROM drizzle.organisation_migrations'))).toBe('42501');
  });

  it('reads and writes every table of every service’s schema, and nothing more', async () => {
    const tables = await owner.query<{ schema: string; name: string; rights: string }>(
      `SELECT n.nspname AS schema, c.relname AS name,
              concat_ws(',', CASE WHEN has_table_privilege($1, c.oid, 'SELECT') THEN 'select' END,
                             CASE WHEN has_table_privilege($1, c.oid, 'INSERT') THEN 'insert' END,
                             CASE WHEN has_table_privilege($1, c.oid, 'UPDATE') THEN 'update' END,
                             CASE WHEN has_table_privilege($1, c.oid, 'DELETE') THEN 'delete' END,
                             CASE WHEN has_table_privilege($1, c.oid, 'TRUNCATE') THEN 'truncate' END) AS rights
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND n.nspname NOT LIKE 'pg\\_%'
        ORDER BY 1, 2`,
      [SERVICE_ROLE],
    );
    expect(new Set(tables.rows.map((table) => table.schema))).toEqual(
      new Set(['auth', 'profile', 'organisation', 'media', 'evaluation', 'telemetry']),
    );
    expect(tables.rows.filter((table) => table.rights !== 'select,insert,update,delete')).toEqual([]);
  });

  it('is granted the tables a later migration adds', async () => {
    await owner.query('CREATE TABLE organisation.later_table (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text)');
    await service.query("INSERT INTO organisation.later_table (note) VALUES ('written by the service')");
    expect((await service.query('SELECT note FROM organisation.later_table')).rows).toEqual([{ note: 'written by the service' }]);
  });

  it('makes and drops the API-call log’s months through the functions that hold the owner’s rights', async () => {
    await service.query("SELECT telemetry.ensure_month_partition('2091-03-15T00:00:00Z')");
    const partition = await owner.query<{ owner: string }>(
      "SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE oid = to_regclass('telemetry.api_calls_2091_03')",
    );
    expect(partition.rows).toEqual([{ owner: 'postgres' }]);
    const dropped = await service.query<{ months: number }>("SELECT telemetry.drop_months_before('2091-05-01T00:00:00Z') AS months");
    expect(dropped.rows[0]?.months).toBeGreaterThanOrEqual(1);
    expect((await owner.query("SELECT to_regclass('telemetry.api_calls_2091_03') AS found")).rows).toEqual([{ found: null }]);
  });
});
