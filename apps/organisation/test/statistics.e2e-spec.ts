import { SchedulerRegistry } from '@nestjs/schedule';
import { type ApiCallEntry, RequestLogWriter } from '@teamfit/common';
import { apiCallEntry as entry } from '@teamfit/common/testing';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { organisationAppModule } from '../src/organisation-app.module';
import { TelemetryRetentionJob } from '../src/statistics/telemetry-retention.job';
import { OrganisationFactory } from './organisation.fixture';

const TODAY = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number, hour = 10): Date => new Date(Date.UTC(2026, 5, 15 - days, hour));

describe('visitor and by-app statistics', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let organisation: RunningTestService;
  let now = TODAY;

  beforeAll(async () => {
    database = await createTestDatabase();
    organisation = await startTestService('organisation', (config) => organisationAppModule(config, { now: () => now }), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    // The look for a due pass at start found an empty log: a pass, which dropped nothing. The next
    // looks, the SLA sweep and the sweep for the service's part of persona erasures are scheduled.
    expect(organisation.app.get(SchedulerRegistry).getIntervals().sort()).toEqual([
      'persona-erasure-organisation-sweep',
      'sla-breach-sweep',
      'telemetry-retention',
    ]);
    expect(await organisation.app.get(TelemetryRetentionJob).startupPass).toEqual({ outcome: 'ran', monthsDropped: 0, bodiesReduced: 0 });
    const writer = organisation.app.get(RequestLogWriter);
    const seeded: ApiCallEntry[] = [
      entry(daysAgo(0), 'admin', 'desktop'),
      entry(daysAgo(0, 11), 'admin', 'desktop'),
      entry(daysAgo(0, 12), 'hub', 'mobile'),
      entry(daysAgo(1), 'postman', 'unknown'),
      entry(daysAgo(89), 'kiosk', 'mobile'),
      entry(daysAgo(90), 'admin', 'desktop'),
      entry(daysAgo(120), 'hub', 'desktop'),
      entry(daysAgo(500), 'hub', 'desktop'),
      entry(new Date('2026-06-16T01:00:00Z'), 'admin', 'desktop'),
    ];
    for (const item of seeded) writer.record(item);
    await writer.flush();
  });

  afterAll(async () => {
    await organisation?.close();
    await database?.drop();
  });

  const get = (path: string) => request(organisation.url).get(path).set('authorization', `Bearer ${tokens.account()}`).expect(200);

  it('visitors: the last 90 days ascending, only device types with calls that day', async () => {
    const response = await get('/stats/visitors');
    expect(response.body).toEqual([
      { date: '2026-03-18', mobile: 1 },
      { date: '2026-06-14', unknown: 1 },
      { date: '2026-06-15', desktop: 2, mobile: 1 },
    ]);
  });

  it('byapp: the same window, with a key for every caller app, new ones included', async () => {
    const response = await get('/stats/byapp');
    expect(response.body).toEqual([
      { date: '2026-03-18', kiosk: 1 },
      { date: '2026-06-14', postman: 1 },
      { date: '2026-06-15', admin: 2, hub: 1 },
    ]);
  });

  it('counts organisations, personas by status and role, evaluations by status and teams', async () => {
    const connection = openTestDatabase(database.url);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const organisations = new OrganisationFactory(connection.db);
      await organisations.create('Acme');
      await organisations.create('Globex');
      const personas = new PersonaFactory(connection.db);
      await personas.create({ role: 'Dev', status: 'ACTIVE', roles: ['CANDIDATE', 'EMPLOYEE'] });
      await personas.create({ role: 'Dev', status: 'ACTIVE', roles: ['EMPLOYEE'] });
      await personas.create({ role: 'HR', status: 'BLOCKED', roles: ['HR', 'MANAGER'] });
      await personas.create({ role: 'Lead', status: 'PENDING', roles: ['TEAM_MANAGER', 'MANAGER', 'EMPLOYEE'] });
      await client.query(`
        INSERT INTO profile.teams (id, organisation_id, team_name) VALUES ('cccccccccccccccccccccccc', 'org', 'Core');
        INSERT INTO evaluation.teams (name, member_persona_ids) VALUES ('Algo', '{}');
        INSERT INTO evaluation.questionnaire_versions (hash, question_set) VALUES ('empty', '{"groups":[],"questions":[]}');
        INSERT INTO evaluation.evaluations (persona_id, team_id, status, questionnaire_version_id, total, answered, answer_values)
          SELECT gen_random_uuid(), (SELECT id FROM evaluation.teams LIMIT 1), s, (SELECT id FROM evaluation.questionnaire_versions LIMIT 1), 3, 0, '\\x000000'
          FROM unnest(ARRAY['pending', 'in_progress', 'in_progress', 'complete']) AS s;
      `);
    } finally {
      await client.end();
      await connection.close();
    }
    const response = await get('/stats');
    expect(response.body).toEqual({
      organisation: { totalNumberOfOrganisation: 2 },
      user: { totalActiveUsers: 2, totalInactiveUsers: 2 },
      evaluations: { totalEvaluations: 4, totalEvaluationsInProgress: 2, totalEvaluationsCompleted: 1 },
      persona: {
        totalNumberOfPersonas: 4,
        totalNumberOfCandidates: 1,
        totalNumberOfEmployee: 3,
        totalNumberOfHR: 1,
        totalNumberOfTeamManager: 1,
        totalNumberOfManager: 2,
      },
      team: { totalNumberOfTeam: 1 },
    });
  });

  it('needs an account token', async () => {
    await request(organisation.url).get('/stats/visitors').expect(401);
    await request(organisation.url).get('/stats').expect(401);
    const persona = tokens.mint({ sub: 'p1', kind: 'persona', emailAddress: 'p@example.test', personaId: 'p1' });
    await request(organisation.url).get('/stats/byapp').set('authorization', `Bearer ${persona}`).expect(403);
  });

  it('drops whole months past the retention, from the raw log and the rollup', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const count = async () =>
        Number(
          (await client.query<{ n: string }>("SELECT count(*) AS n FROM telemetry.api_calls WHERE start_time < '2025-03-01'")).rows[0]?.n,
        );
      expect(await count()).toBe(1);
      const job = organisation.app.get(TelemetryRetentionJob);
      // The pass at start was today's: the next is due a day later.
      expect(await job.run()).toEqual({ outcome: 'not-due' });
      expect(await count()).toBe(1);
      now = new Date(TODAY.getTime() + 86_400_000);
      expect(await job.run()).toEqual({ outcome: 'ran', monthsDropped: 1, bodiesReduced: 0 });
      expect(await job.run()).toEqual({ outcome: 'not-due' });
      expect(await count()).toBe(0);
      const days = await client.query("SELECT 1 FROM telemetry.api_call_days WHERE day < '2025-05-01'");
      expect(days.rowCount).toBe(0);
      // Recent months stay.
      expect(
        Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM telemetry.api_calls')).rows[0]?.n),
      ).toBeGreaterThanOrEqual(8);
    } finally {
      now = TODAY;
      await client.end();
    }
  });
});
