import { SchedulerRegistry } from '@nestjs/schedule';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { EvaluationRetentionJob } from '../src/privacy/evaluation-retention.job';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';
import { expectEveryExplanationRecomputes } from './explanation.fixture';

const OLD = Date.parse('2023-03-01T09:00:00.000Z');
const RECENT = Date.parse('2026-05-01T09:00:00.000Z');
const TODAY = Date.parse('2026-06-15T12:00:00.000Z');

type Status = 'ACTIVE' | 'BLOCKED' | 'PENDING';

/**
 * RETENTION_CANDIDATE_MONTHS (here 24): completed evaluations of personas that are not ACTIVE
 * go once completed longer ago than that, with their answers and stored score profiles; the
 * teams they counted in score without them from then on. Every number of the team context is
 * computed by hand on the small questionnaire (docs/scoring.md): pace (SUPPLEMENTARY) q1, q2
 * reverse-scored; drive (MAX_MEAN) q3.
 */
describe('the evaluation retention job', () => {
  const tokens = new TestTokens();
  const lines: string[] = [];
  let database: TestDatabase;
  let service: RunningTestService;
  let client: Client;
  let clock = OLD;
  const ids = { q1: 0, q2: 0, q3: 0 };
  const people: Record<string, string> = {};
  const evaluations: Record<string, string> = {};
  let team = 0;
  let otherTeam = 0;

  const post = (path: string, body: object) => request(service.url).post(path).set('authorization', `Bearer ${tokens.admin()}`).send(body);
  const complete = async (personaId: string, teamId: number, values: [number, number, number]): Promise<string> => {
    const id = (await post('/evaluation', { personaId, teamId }).expect(201)).body.id as string;
    for (const [index, questionId] of [ids.q1, ids.q2, ids.q3].entries())
      await post(`/evaluation/${id}/answer`, { questionId, value: values[index], timeTaken: 4 }).expect(200);
    return id;
  };
  const count = async (text: string, values: unknown[] = []): Promise<number> =>
    Number((await client.query<{ n: string }>(text, values)).rows[0]?.n);
  const stored = async () => ({
    evaluations: await count('SELECT count(*) AS n FROM evaluation.evaluations'),
    answers: await count('SELECT count(*) AS n FROM evaluation.evaluation_answers'),
    scoreProfiles: await count('SELECT count(*) AS n FROM evaluation.evaluation_score_profiles'),
  });
  const exists = async (evaluationId: string): Promise<boolean> =>
    (await count('SELECT count(*) AS n FROM evaluation.evaluations WHERE id = $1', [evaluationId])) === 1;
  const job = (): EvaluationRetentionJob => service.app.get(EvaluationRetentionJob);
  const compareTeam = async () =>
    (await post(`/evaluation/${evaluations['candidate']}/compare-team`, { algorithmTeamId: team }).expect(200)).body.workstyle as {
      overallScore: number;
      dimensions: Array<{ detail: { teamMean: number; teamMin: number; teamMax: number } }>;
    };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const connection = openTestDatabase(database.url);
    Object.assign(ids, await seedSmallQuestionnaire(connection.db));
    const personas = new PersonaFactory(connection.db);
    const rows: Array<[string, Status]> = [
      ['activeOld', 'ACTIVE'],
      ['blockedOld', 'BLOCKED'],
      ['pendingOld', 'PENDING'],
      ['goneOld', 'PENDING'],
      ['pendingUnfinished', 'PENDING'],
      ['blockedRecent', 'BLOCKED'],
      ['candidate', 'ACTIVE'],
      ['witness', 'ACTIVE'],
    ];
    for (const [index, [name, status]] of rows.entries()) {
      people[name] = (await personas.named(name, 900 + index, { status })).id;
    }
    await connection.close();
    service = await startTestService('evaluation', (config) => evaluationAppModule(config, { now: () => new Date((clock += 1_000)) }), {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { RETENTION_CANDIDATE_MONTHS: '24', LOG_LEVEL: 'log', REQUEST_LOG: 'off' },
      logOutput: { write: (text: string) => lines.push(text) },
    });
    const teamOf = async (name: string, members: string[]) =>
      (await post('/algorithm/teams', { name, memberPersonaIds: members }).expect(201)).body.id as number;
    // The team the candidate is compared with: one ACTIVE member and one BLOCKED member.
    team = await teamOf('Compared', [people['activeOld'] ?? '', people['blockedOld'] ?? '']);
    otherTeam = await teamOf('Other', [people['candidate'] ?? '']);
    // Completed in March 2023, more than 24 months before the pass.
    evaluations['activeOld'] = await complete(people['activeOld'] ?? '', otherTeam, [4, 2, 3]);
    evaluations['blockedOld'] = await complete(people['blockedOld'] ?? '', otherTeam, [2, 4, 5]);
    evaluations['pendingOld'] = await complete(people['pendingOld'] ?? '', otherTeam, [3, 3, 3]);
    evaluations['goneOld'] = await complete(people['goneOld'] ?? '', otherTeam, [1, 5, 1]);
    evaluations['pendingUnfinished'] = (
      await post('/evaluation', { personaId: people['pendingUnfinished'], teamId: otherTeam }).expect(201)
    ).body.id as string;
    await post(`/evaluation/${evaluations['pendingUnfinished']}/answer`, { questionId: ids.q1, value: 2, timeTaken: 3 }).expect(200);
    // A month and a half before the pass.
    clock = RECENT;
    evaluations['blockedRecent'] = await complete(people['blockedRecent'] ?? '', otherTeam, [5, 1, 5]);
    evaluations['candidate'] = await complete(people['candidate'] ?? '', otherTeam, [5, 1, 4]);
    // Scored against the compared team while both members counted.
    evaluations['witness'] = await complete(people['witness'] ?? '', team, [3, 3, 3]);
    // A persona deleted without its evaluations (what DELETE /profile/persona/:id has always left behind).
    await client.query('DELETE FROM profile.personas WHERE id = $1', [people['goneOld']]);
  });

  afterAll(async () => {
    await client?.end();
    await service?.close();
    await database?.drop();
  });

  it('the pass at start, in 2023, found nothing due; the next passes are scheduled daily', async () => {
    // The scheduler runs both of the service's jobs: this one and the sweep for its part of persona erasures.
    expect(service.app.get(SchedulerRegistry).getIntervals()).toEqual(
      expect.arrayContaining(['evaluation-retention', 'persona-erasure-evaluation-sweep']),
    );
    expect(await job().startupPass).toEqual({
      outcome: 'ran',
      cutoff: expect.stringMatching(/^2021-03-01T09:00/),
      evaluations: 0,
      answers: 0,
      scoreProfiles: 0,
      teams: 0,
    });
  });

  it('erases old completed evaluations of personas not ACTIVE, with their answers and score profiles, and nothing else', async () => {
    // Before: the blocked member counts in the team's context (members' levels: pace 4 and 2, drive 3 and 5).
    const before = await compareTeam();
    expect(before.dimensions[0]?.detail).toMatchObject({ teamMean: 3, teamMin: 2, teamMax: 4 });
    const versionBefore = await count('SELECT profiles_version AS n FROM evaluation.teams WHERE id = $1', [team]);
    expect(await stored()).toEqual({ evaluations: 8, answers: 22, scoreProfiles: 7 });

    clock = TODAY;
    // Two at a time: the pass takes two transactions, and adds up what both erased.
    job().batchSize = 2;
    const outcome = await job().run();
    // Blocked, pending, and the persona that is gone: three evaluations of three answers each.
    expect(outcome).toEqual({
      outcome: 'ran',
      cutoff: expect.stringMatching(/^2024-06-15T12:00/),
      evaluations: 3,
      answers: 9,
      scoreProfiles: 3,
      teams: 1,
    });
    for (const name of ['blockedOld', 'pendingOld', 'goneOld']) expect(await exists(evaluations[name] ?? '')).toBe(false);
    // Kept: an ACTIVE persona's old one, an unfinished one, a recent one of a blocked persona, recent ones of ACTIVE personas.
    for (const name of ['activeOld', 'pendingUnfinished', 'blockedRecent', 'candidate', 'witness'])
      expect(await exists(evaluations[name] ?? '')).toBe(true);
    expect(await stored()).toEqual({ evaluations: 5, answers: 13, scoreProfiles: 4 });
    expect(
      await count(
        'SELECT count(*) AS n FROM evaluation.evaluation_answers a JOIN evaluation.evaluations e ON e.id = a.evaluation_id WHERE e.id = $1',
        [evaluations['pendingUnfinished']],
      ),
    ).toBe(1);
    // The retention touches evaluations, not people or teams.
    expect(await count('SELECT count(*) AS n FROM profile.personas')).toBe(7);
    expect(await count('SELECT cardinality(member_persona_ids) AS n FROM evaluation.teams WHERE id = $1', [team])).toBe(2);
    expect(await count('SELECT profiles_version AS n FROM evaluation.teams WHERE id = $1', [team])).toBeGreaterThan(versionBefore);
  });

  it('the team context is right at once: the erased member no longer counts, the cached aggregate is not reused', async () => {
    // The candidate (pace 5, drive 4) against the ACTIVE member alone (pace 4, drive 3): pace
    // 100 * (1 - |5 - 4| / 4) = 75; drive norm(max(4, 3)) = 75; overall 75.
    const after = await compareTeam();
    expect(after.dimensions[0]?.detail).toMatchObject({ teamMean: 4, teamMin: 4, teamMax: 4 });
    expect(after.overallScore).toBe(75);
    // The results stored at completion are a record of that moment and stay as they were.
    const witness = await request(service.url)
      .get(`/evaluation/${evaluations['witness']}`)
      .set('authorization', `Bearer ${tokens.admin()}`)
      .expect(200);
    expect(witness.body.results.teamSize).toBe(2);
  });

  it('says what it did in counts, naming no persona and no evaluation', () => {
    const said = lines.filter((line) => line.includes('EvaluationRetention'));
    expect(said.some((line) => line.includes('erased 3 completed evaluation(s)') && line.includes('9 answer(s), 3 score profile(s)'))).toBe(
      true,
    );
    for (const id of [...Object.values(people), ...Object.values(evaluations)]) expect(said.join('\n')).not.toContain(id);
  });

  it('is idempotent: another pass, or two at once, erases nothing more', async () => {
    const [first, second] = await Promise.all([job().run(), job().run()]);
    for (const outcome of [first, second]) expect(outcome).toMatchObject({ evaluations: 0, answers: 0, scoreProfiles: 0 });
    expect(await stored()).toEqual({ evaluations: 5, answers: 13, scoreProfiles: 4 });
  });

  it('leaves the work to the instance holding the lock, and a later pass finishes it', async () => {
    await client.query("UPDATE profile.personas SET status = 'BLOCKED' WHERE id = $1", [people['activeOld']]);
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT pg_advisory_xact_lock(hashtext('evaluation.evaluations retention'))");
      expect(await job().run()).toMatchObject({ outcome: 'busy', evaluations: 0 });
      expect(await exists(evaluations['activeOld'] ?? '')).toBe(true);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect(await job().run()).toMatchObject({ outcome: 'ran', evaluations: 1, answers: 3, scoreProfiles: 1, teams: 1 });
    expect(await exists(evaluations['activeOld'] ?? '')).toBe(false);
    expect(await stored()).toEqual({ evaluations: 4, answers: 10, scoreProfiles: 3 });
  });
  it("every completed evaluation's explanation recomputes its stored result exactly (explanation.fixture.ts)", async () => {
    expect(await expectEveryExplanationRecomputes(service.url, database.url, tokens.admin())).toBeGreaterThan(0);
  });
});
