import { REPLICA_RETRY_AFTER_MS, runMigrations, serviceMigrationTargets } from '@teamfit/database';
import { type ReplicatedPostgres, startReplicatedPostgres } from '@teamfit/database/testing';
import { freePort } from '@teamfit/gateway';
import { type RunningTestService, seedTestAccounts, startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { profileAppModule } from '../../profile/src/profile-app.module';
import { organisationAppModule } from '../src/organisation-app.module';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * A real primary and a real hot-standby streaming replica; three services with DATABASE_URL on
 * the primary and DATABASE_READ_URL on the replica. Lists and statistics are read from the
 * replica (shown by pausing its replay: what the primary has just written is missing from them,
 * while reads of one's own writes see it), and keep answering from the primary when the replica
 * is stopped, then return to it once it is back.
 */
describe('reads routed to a streaming replica', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let postgres: ReplicatedPostgres;
  let replica: Client | undefined;
  let organisation: RunningTestService;
  let profile: RunningTestService;
  let evaluation: RunningTestService;

  beforeAll(async () => {
    postgres = await startReplicatedPostgres({ primary: await freePort(), replica: await freePort() });
    for (const target of serviceMigrationTargets(ROOT)) await runMigrations(postgres.primaryUrl, target);
    // A server of its own, not the template's clone: the accounts the test's tokens name are written here.
    await seedTestAccounts(postgres.primaryUrl);
    const options = { databaseUrl: postgres.primaryUrl, keys: tokens.keys, env: { DATABASE_READ_URL: postgres.replicaUrl } };
    [organisation, profile, evaluation] = await Promise.all([
      startTestService('organisation', organisationAppModule, options),
      startTestService('profile', profileAppModule, options),
      startTestService('evaluation', evaluationAppModule, options),
    ]);
    await postgres.waitForReplay();
  });

  afterAll(async () => {
    await replica?.end().catch(() => undefined);
    await Promise.all([organisation, profile, evaluation].map((service) => service?.close()));
    await postgres?.stop();
  });

  const get = (service: RunningTestService, url: string) => request(service.url).get(url).set('Authorization', admin).expect(200);
  const accountEmails = async () =>
    ((await get(organisation, '/account')).body as Array<{ emailAddress: string }>).map((account) => account.emailAddress);
  const personaIds = async () =>
    ((await get(profile, '/persona?limit=100')).body as { personas: Array<{ id: string }> }).personas.map((persona) => persona.id);
  const industryNames = async () =>
    ((await get(evaluation, '/algorithm/industries?limit=100')).body as Array<{ name: string }>).map((industry) => industry.name);
  const replicaSessions = async (): Promise<string[]> =>
    (
      await replica!.query<{ name: string }>(
        "SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE application_name LIKE '%-read' ORDER BY 1",
      )
    ).rows.map((row) => row.name);

  async function createEverything(tag: string): Promise<{ email: string; personaId: string; industry: string }> {
    const email = `${tag}@example.test`;
    await request(organisation.url)
      .post('/account')
      .set('Authorization', admin)
      .send({ emailAddress: email, firstName: 'Rep', lastName: 'Lica' })
      .expect(201);
    const persona = await request(profile.url)
      .post('/persona')
      .set('Authorization', admin)
      .send({ user_id: randomUUID(), role: 'Engineer', description: tag })
      .expect(201);
    await request(evaluation.url).post('/algorithm/industries').set('Authorization', admin).send({ name: tag }).expect(201);
    return { email, personaId: (persona.body as { id: string }).id, industry: tag };
  }

  it('reads lists and statistics on the replica, and one’s own writes on the primary', async () => {
    replica = new Client({ connectionString: postgres.replicaUrl });
    await replica.connect();
    // The administrator the organisation service created at start, on the primary, replicated.
    expect(await accountEmails()).toContain('admin@teamfit.local');
    await get(organisation, '/stats');
    await personaIds();
    await industryNames();
    expect(await replicaSessions()).toEqual(['evaluation-read', 'organisation-read', 'profile-read']);

    // With replay paused, the replica stops at what it had: new rows are on the primary only.
    await replica.query('SELECT pg_wal_replay_pause()');
    const created = await createEverything('paused');
    expect(await accountEmails()).not.toContain(created.email);
    expect(await personaIds()).not.toContain(created.personaId);
    expect(await industryNames()).not.toContain(created.industry);
    expect(((await get(organisation, '/stats')).body as { persona: { totalNumberOfPersonas: number } }).persona.totalNumberOfPersonas).toBe(
      0,
    );
    // Reading what one has just written goes to the primary.
    expect(((await get(profile, `/persona/${created.personaId}`)).body as { description: string }).description).toBe('paused');

    await replica.query('SELECT pg_wal_replay_resume()');
    await postgres.waitForReplay();
    expect(await accountEmails()).toContain(created.email);
    expect(await personaIds()).toContain(created.personaId);
    expect(await industryNames()).toContain(created.industry);
    expect(((await get(organisation, '/stats')).body as { persona: { totalNumberOfPersonas: number } }).persona.totalNumberOfPersonas).toBe(
      1,
    );
  });

  it('answers the same reads from the primary while the replica is stopped, and returns to it', async () => {
    await replica?.end();
    replica = undefined;
    await postgres.stopReplica();
    const created = await createEverything('replica-down');
    for (let round = 0; round < 3; round += 1) {
      expect(await accountEmails()).toContain(created.email);
      expect(await personaIds()).toContain(created.personaId);
      expect(await industryNames()).toContain(created.industry);
      await get(organisation, '/stats');
    }

    await postgres.startReplica();
    await postgres.waitForReplay();
    await sleep(REPLICA_RETRY_AFTER_MS);
    replica = new Client({ connectionString: postgres.replicaUrl });
    await replica.connect();
    // Each service tries the replica again once its retry time has passed since its own last
    // failure; on a busy machine one of them may still be a read or two behind, so the reads are
    // repeated (a few rounds at most) until all three read from the replica again.
    let sessions: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      await accountEmails();
      await personaIds();
      await industryNames();
      sessions = await replicaSessions();
      if (sessions.length === 3) break;
      await sleep(REPLICA_RETRY_AFTER_MS);
    }
    expect(sessions).toEqual(['evaluation-read', 'organisation-read', 'profile-read']);
  });
});
