import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { PersonaDirectory } from '../src/persona-directory';
import { type NewPersonaRow, personas } from '../src/persona.table';

describe('PersonaDirectory (read-only view of profile.personas)', () => {
  let database: TestDatabase;
  let pool: Pool;
  let db: NodePgDatabase<Record<string, never>>;
  let directory: PersonaDirectory;

  const insert = async (values: Partial<NewPersonaRow>) => {
    const [row] = await db
      .insert(personas)
      .values({ userId: randomUUID(), role: 'Engineer', description: 'd', ...values })
      .returning();
    if (!row) throw new Error('no row');
    return row;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url });
    db = drizzle({ client: pool });
    directory = new PersonaDirectory(db);
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('finds a persona by id, and nothing for an unknown id', async () => {
    const row = await insert({ emailAddress: 'by-id@example.test' });
    expect(await directory.findById(row.id)).toEqual(row);
    expect(await directory.findById(randomUUID())).toBeUndefined();
  });

  it("lists one user's personas, oldest first", async () => {
    const userId = randomUUID();
    const first = await insert({ userId, role: 'First' });
    const second = await insert({ userId, role: 'Second' });
    await insert({ role: 'Someone else' });
    expect(await directory.findByUserId(userId)).toEqual([first, second]);
  });

  it("finds the sign-in persona by its own e-mail, else its user's, ignoring case; an unblocked one first", async () => {
    const own = await insert({ emailAddress: 'Own@Example.test', userEmailAddress: 'user-of-own@example.test' });
    expect((await directory.findByEmail('own@example.TEST'))?.id).toBe(own.id);
    // The persona's own address wins over its user's: the user address alone does not find it.
    expect(await directory.findByEmail('user-of-own@example.test')).toBeUndefined();

    const fallback = await insert({ userEmailAddress: 'Fallback@Example.test' });
    expect((await directory.findByEmail('fallback@example.test'))?.id).toBe(fallback.id);

    // Own addresses are unique; personas of one user may share the user's address.
    const userId = randomUUID();
    await insert({ userId, userEmailAddress: 'shared@example.test', status: 'BLOCKED' });
    const active = await insert({ userId, userEmailAddress: 'shared@example.test', status: 'ACTIVE' });
    await insert({ userId, userEmailAddress: 'shared@example.test', status: 'PENDING' });
    await expect(insert({ emailAddress: 'OWN@example.test' })).rejects.toThrow();
    expect((await directory.findByEmail('shared@example.test'))?.id).toBe(active.id);
    expect(await directory.findByEmail('nobody@example.test')).toBeUndefined();
  });

  it('assigns the user integer id from the sequence unless one is given', async () => {
    const a = await insert({});
    const b = await insert({});
    expect(b.userNumber).toBeGreaterThan(a.userNumber);
    expect((await insert({ userNumber: 424242 })).userNumber).toBe(424242);
  });
});
