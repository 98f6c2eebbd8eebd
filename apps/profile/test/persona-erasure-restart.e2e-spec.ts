import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { personas } from '@teamfit/personas';
import { startTestService, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { seedSmallQuestionnaire } from '../../evaluation/test/small-questionnaire.fixture';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { profileAppModule } from '../src/profile-app.module';
import { answerAll, eventually, identityHits } from './erasure-test-kit';
import { type ServiceProcess, startServiceProcess } from '../../../tools/testing/service-process.fixture';

/**
 * An erasure survives crashes half-way. The profile service (a real process of the built code)
 * is killed after its part committed, while the evaluation and organisation services are down;
 * then the evaluation service is killed in the middle of its own part (held on a row lock, its
 * earlier statements done but not committed). Nothing is half-erased at either point, and once
 * the services run again the erasure record drives every part to completion.
 */
describe('an erasure cut short by crashes completes after the restart', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const persona = { id: '', userNumber: 8801, firstName: 'Zephyrine', lastName: 'Oakhollow', email: 'zephyrine.o@example.test' };
  let database: TestDatabase;
  let client: Client;
  let teamId = 0;
  let ticketId = '';
  const running: ServiceProcess[] = [];

  const start = async (name: 'profile' | 'evaluation') => {
    const service = await startServiceProcess(name, database.url, tokens.keys);
    running.push(service);
    return service;
  };
  const count = async (text: string, values: unknown[] = []) =>
    (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${text}`, values)).rows[0]?.n ?? 0;
  const erasure = async () =>
    (
      await client.query<{ completed_at: Date | null; pending_identity: unknown }>(
        'SELECT completed_at, pending_identity FROM profile.persona_erasures',
      )
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const db = drizzle({ client });
    await seedSmallQuestionnaire(db);
    const [row] = await db
      .insert(personas)
      .values({
        userId: randomUUID(),
        userNumber: persona.userNumber,
        userFirstName: persona.firstName,
        userLastName: persona.lastName,
        emailAddress: persona.email,
        role: 'Engineer',
        description: 'd',
      })
      .returning({ id: personas.id });
    persona.id = row?.id ?? '';
    // Its evaluation, team and records, and a hub ticket: made by in-process services that then stop.
    const evaluation = await startTestService('evaluation', (config) => evaluationAppModule(config), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    try {
      teamId = (
        await request(evaluation.url)
          .post('/algorithm/teams')
          .set('authorization', admin)
          .send({ name: 'Crash crew', memberPersonaIds: [persona.id] })
          .expect(201)
      ).body.id as number;
      const created = (
        await request(evaluation.url).post('/evaluation').set('authorization', admin).send({ personaId: persona.id, teamId }).expect(201)
      ).body as { id: string; currentQuestion: { id: number } };
      await answerAll(evaluation.url, admin, created.id, created.currentQuestion.id, 3);
      await request(evaluation.url).put(`/algorithm/usergoals/${persona.userNumber}`).set('authorization', admin).send({}).expect(201);
    } finally {
      await evaluation.close();
    }
    const organisation = await startTestService('organisation', (config) => organisationAppModule(config), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    try {
      const bearer = `Bearer ${tokens.mint({ sub: persona.id, kind: 'persona', emailAddress: persona.email, personaId: persona.id })}`;
      ticketId = (
        await request(organisation.url)
          .post('/hub/service-requests')
          .set('authorization', bearer)
          .send({ title: `${persona.firstName} needs help` })
          .expect(201)
      ).body._id as string;
    } finally {
      await organisation.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const service of running) await service.stop();
    await client?.end();
    await database?.drop();
  });

  it('the profile part commits alone when the profile service dies waiting; the rest is untouched, not half-done', async () => {
    const profile = await start('profile');
    const answer = fetch(`${profile.url}/persona/${persona.id}/erase`, { method: 'POST', headers: { authorization: admin } }).then(
      (response) => response.status,
      () => 'no answer' as const,
    );
    // The profile part is committed; the other services are down, so the request waits for them: kill it there.
    await eventually('the erasure record', async () => (await erasure()).length === 1);
    await profile.kill();
    expect(await answer).toBe('no answer');

    expect(await count('profile.personas WHERE id = $1', [persona.id])).toBe(0);
    const [record] = await erasure();
    expect(record?.completed_at).toBeNull();
    expect(record?.pending_identity).toMatchObject({ personaId: persona.id, userNumber: persona.userNumber });
    expect(await count('evaluation.evaluations WHERE persona_id = $1', [persona.id])).toBe(1);
    expect(await count('organisation.service_requests WHERE requester_id = $1', [persona.id])).toBe(1);
  }, 60_000);

  it('the evaluation part, killed mid-transaction, leaves nothing changed', async () => {
    // A row lock the part's last DELETE waits on: its earlier statements are done, not committed.
    const blocker = new Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM evaluation.evaluations WHERE persona_id = $1 FOR UPDATE', [persona.id]);
      const evaluation = await start('evaluation');
      let stuck: number | undefined;
      await eventually('the evaluation part waiting on the lock', async () => {
        const { rows } = await client.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE application_name = 'evaluation' AND wait_event_type = 'Lock'`,
        );
        stuck = rows[0]?.pid;
        return stuck !== undefined;
      });
      await evaluation.kill();
      await blocker.query('ROLLBACK');
      // The server ends the dead client's session, rolling its transaction back (and its try-lock with it).
      await eventually('the killed session ends', async () => (await count('pg_stat_activity WHERE pid = $1', [stuck])) === 0);
    } finally {
      await blocker.end();
    }
    expect(await count('evaluation.persona_erasure_parts')).toBe(0);
    expect(
      await count('evaluation.evaluation_answers a JOIN evaluation.evaluations e ON e.id = a.evaluation_id WHERE e.persona_id = $1', [
        persona.id,
      ]),
    ).toBe(3);
    expect(await count('evaluation.evaluation_score_profiles WHERE persona_id = $1', [persona.id])).toBe(1);
    expect(await count('evaluation.teams WHERE id = $1 AND member_persona_ids @> ARRAY[$2::uuid]', [teamId, persona.id])).toBe(1);
  }, 60_000);

  it('while a service is still down, the same call answers 202 with the parts done so far', async () => {
    await start('evaluation');
    await eventually('the evaluation part', async () => (await count('evaluation.persona_erasure_parts')) === 1);
    const profile = await startTestService('profile', (config) => profileAppModule(config), {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { PERSONA_ERASURE_WAIT_MS: '300' },
    });
    try {
      const pending = await request(profile.url).post(`/persona/${persona.id}/erase`).set('authorization', admin).expect(202);
      expect(pending.body).toMatchObject({
        personaId: persona.id,
        status: 'PENDING',
        completedAt: null,
        services: { evaluation: { evaluations: 1 }, organisation: null },
      });
    } finally {
      await profile.close();
    }
  }, 60_000);

  it('after the restart every part is done, and the same call answers the complete summary', async () => {
    const organisation = await startTestService('organisation', (config) => organisationAppModule(config), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    try {
      const profile = await start('profile');
      const response = await fetch(`${profile.url}/persona/${persona.id}/erase`, { method: 'POST', headers: { authorization: admin } });
      const body = (await response.json()) as Record<string, unknown>;
      expect({ status: response.status, body }).toMatchObject({
        status: 200,
        body: {
          status: 'COMPLETE',
          services: {
            profile: { personas: 1 },
            evaluation: { evaluations: 1, answers: 3, scoreProfiles: 1, teamMemberships: 1, experiences: 0, goals: 1 },
            organisation: { serviceRequests: 1, historyEntries: 1 },
          },
        },
      });
    } finally {
      await organisation.close();
    }
    const [record] = await erasure();
    expect(record?.completed_at).toBeInstanceOf(Date);
    expect(record?.pending_identity).toBeNull();
    expect(await count('evaluation.evaluations WHERE persona_id = $1', [persona.id])).toBe(0);
    expect((await client.query('SELECT requester_id, title FROM organisation.service_requests WHERE id = $1', [ticketId])).rows).toEqual([
      { requester_id: '[erased]', title: '[erased] needs help' },
    ]);
    // Calls made straight to the services carry the persona too: the log is scrubbed of them as
    // well. A service writes its request log on shutdown, so once they have stopped all of it is in.
    for (const service of running) await service.stop();
    expect(await identityHits(client, [persona.id, persona.email, persona.firstName, persona.lastName])).toEqual({});
  }, 60_000);
});
