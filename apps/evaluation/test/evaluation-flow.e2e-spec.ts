import { buildOpenApiDocument } from '@teamfit/common';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { personas } from '@teamfit/personas';
import { ResponseContract, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';
import { expectEveryExplanationRecomputes } from './explanation.fixture';

/** The small questionnaire (small-questionnaire.fixture.ts), its numbers computed by hand below. */
interface Fixture {
  q1: number;
  q2: number;
  q3: number;
  candidate: string;
  memberOne: string;
  memberTwo: string;
  teamId: number;
  otherTeamId: number;
}

describe('the questionnaire flow and its scores', () => {
  const tokens = new TestTokens();
  const admin = () => tokens.admin();
  const now = new Date('2026-05-04T09:30:00.000Z');
  let database: TestDatabase;
  let service: RunningTestService;
  let client: Client;
  let connection: ReturnType<typeof openTestDatabase> | undefined;
  let people: PersonaFactory;
  let contract: ResponseContract;
  const f = {} as Fixture;

  /** Every answer of this file, errors included, must match what the service's OpenAPI document says of it. */
  const documented = (method: string, path: string) => (response: request.Response) =>
    contract.assertMatches(method, path, response.status, response.body);
  const post = (path: string, body: object, token = admin()) =>
    request(service.url).post(path).set('authorization', `Bearer ${token}`).send(body).expect(documented('POST', path));
  const get = (path: string, token = admin()) =>
    request(service.url).get(path).set('authorization', `Bearer ${token}`).expect(documented('GET', path));
  const personaToken = (personaId: string) =>
    tokens.mint({ sub: personaId, kind: 'persona', emailAddress: `${personaId}@example.test`, personaId });

  /** Creates the evaluation and answers every question with the given values (q1, q2, q3). */
  const complete = async (personaId: string, teamId: number, values: [number, number, number]) => {
    const created = await post('/evaluation', { personaId, teamId }).expect(201);
    const id = created.body.id as string;
    const ids = [f.q1, f.q2, f.q3];
    let last;
    for (const [index, questionId] of ids.entries()) {
      last = await post(`/evaluation/${id}/answer`, { questionId, value: values[index], timeTaken: index + 3 }).expect(200);
    }
    return { id, last: last?.body as Record<string, unknown> };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    connection = openTestDatabase(database.url);
    people = new PersonaFactory(connection.db);
    Object.assign(f, await seedSmallQuestionnaire(connection.db));
    const [candidate, memberOne, memberTwo] = [
      await people.named('Cand', 501),
      await people.named('One', 502),
      await people.named('Two', 503),
    ];
    Object.assign(f, { candidate: candidate.id, memberOne: memberOne.id, memberTwo: memberTwo.id });

    service = await startTestService('evaluation', (config) => evaluationAppModule(config, { now: () => now }), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    contract = new ResponseContract(buildOpenApiDocument(service.app, 'evaluation'));
    const team = await post('/algorithm/teams', { name: 'Platform', memberPersonaIds: [f.memberOne, f.memberTwo] }).expect(201);
    const other = await post('/algorithm/teams', { name: 'Solo', memberPersonaIds: [f.memberOne] }).expect(201);
    f.teamId = team.body.id as number;
    f.otherTeamId = other.body.id as number;

    // Members: one levels pace 4 (4, 6-2) and drive 3; two levels pace 2 (2, 6-4) and drive 5.
    await complete(f.memberOne, f.teamId, [4, 2, 3]);
    await complete(f.memberTwo, f.teamId, [2, 4, 5]);
  });

  afterAll(async () => {
    await connection?.close();
    await client?.end();
    await service?.close();
    await database?.drop();
  });

  let evaluationId: string;

  it('creates a pending evaluation serving the first question, and resumes it instead of duplicating', async () => {
    const created = await post('/evaluation', { personaId: f.candidate, teamId: f.teamId }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      personaId: f.candidate,
      teamId: f.teamId,
      status: 'pending',
      resumed: false,
      progress: { answered: 0, total: 3 },
      currentQuestion: {
        id: f.q1,
        text: 'I like a quick tempo.',
        summary: 'Preference for speed.',
        type: 'LIKERT',
        likertAnswerSet: 'agree',
        questionGroupId: expect.any(Number),
        questionGroupName: 'pace',
        questionGroupTitle: 'Pace',
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      invitedAt: null,
    });
    evaluationId = created.body.id as string;
    const resumed = await post('/evaluation', { personaId: f.candidate, teamId: f.teamId }).expect(200);
    expect(resumed.body).toMatchObject({ id: evaluationId, resumed: true, status: 'pending' });
  });

  it('refuses bad creates: unknown team 404, invalid body 400, non-admin 403', async () => {
    await post('/evaluation', { personaId: f.candidate, teamId: 9999 }).expect(404);
    const invalid = await post('/evaluation', { personaId: 'nope', teamId: f.teamId }).expect(400);
    expect(invalid.body.message).toMatch(/^personaId /);
    await post('/evaluation', { personaId: f.candidate }).expect(400);
    await post('/evaluation', { personaId: randomUUID(), teamId: f.teamId }).expect(400);
    await post('/evaluation', { personaId: f.candidate, teamId: f.teamId }, tokens.account()).expect(403);
    await post('/evaluation', { personaId: f.candidate, teamId: f.teamId }, personaToken(f.candidate)).expect(403);
  });

  it('stores answers one by one and serves the next question; refuses values outside 1-5 and foreign questions', async () => {
    const first = await post(
      `/evaluation/${evaluationId}/answer`,
      { questionId: f.q1, value: 5, timeTaken: 3 },
      personaToken(f.candidate),
    ).expect(200);
    expect(first.body).toMatchObject({ status: 'in_progress', progress: { answered: 1, total: 3 }, nextQuestion: { id: f.q2 } });
    expect(first.body.results).toBeUndefined();
    await post(`/evaluation/${evaluationId}/answer`, { questionId: f.q2, value: 6 }).expect(400);
    await post(`/evaluation/${evaluationId}/answer`, { questionId: f.q2, value: 0 }).expect(400);
    await post(`/evaluation/${evaluationId}/answer`, { questionId: f.q2, value: 2.5 }).expect(400);
    const foreign = await post(`/evaluation/${evaluationId}/answer`, { questionId: 987654, value: 3 }).expect(400);
    expect(foreign.body.message).toBe('questionId 987654 is not a question of this evaluation');
    await post(`/evaluation/${randomUUID()}/answer`, { questionId: f.q2, value: 3 }).expect(404);
    await post(`/evaluation/${evaluationId}/answer`, { questionId: f.q2, value: 3 }, personaToken(f.memberOne)).expect(403);

    const current = await get(`/evaluation/${evaluationId}`).expect(200);
    expect(current.body).toMatchObject({ status: 'in_progress', currentQuestion: { id: f.q2 } });
  });

  it('shows the question rail: answered, current, pending, never cached', async () => {
    const response = await get(`/evaluation/${evaluationId}/questions`, personaToken(f.candidate)).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.progress).toEqual({ answered: 1, total: 3 });
    const items = response.body.items as Array<{ id: number; order: number; status: string }>;
    expect(items.map((item) => [item.id, item.order, item.status])).toEqual([
      [f.q1, 0, 'answered'],
      [f.q2, 1, 'current'],
      [f.q3, 2, 'pending'],
    ]);
    expect(response.body.items[0].answer).toEqual({ value: 5, timeTaken: 3, answeredAt: now.toISOString() });
    expect(response.body.items[1].summary).toBeNull();
    await get('/evaluation/not-a-uuid/questions').expect(400);
    await get(`/evaluation/${randomUUID()}/questions`).expect(404);
  });

  it('completes with the last answer and stores the hand-computed results', async () => {
    // Re-answering replaces the earlier answer and does not advance progress.
    const again = await post(`/evaluation/${evaluationId}/answer`, { questionId: f.q1, value: 5, timeTaken: 4 }).expect(200);
    expect(again.body.progress).toEqual({ answered: 1, total: 3 });
    await post(`/evaluation/${evaluationId}/answer`, { questionId: f.q2, value: 1, timeTaken: 4 }).expect(200);
    const last = await post(`/evaluation/${evaluationId}/answer`, { questionId: f.q3, value: 2, timeTaken: 5 }).expect(200);
    // pace: candidate 5 (5, 6-1); team mean (4 + 2) / 2 = 3; 100 * (1 - |5 - 3| / 4) = 50.
    // drive: norm(max(2, 3, 5)) = 25 * (5 - 1) = 100. Overall (50 + 100) / 2 = 75: high.
    expect(last.body).toMatchObject({
      status: 'complete',
      progress: { answered: 3, total: 3 },
      nextQuestion: null,
      results: {
        overallScore: 75,
        overallCategory: 'high',
        totalTimeTaken: 13,
        teamSize: 2,
        scoringVersion: 'ws-1',
        dimensions: [
          {
            name: 'pace',
            scoreType: 'SUPPLEMENTARY',
            scorePercentage: 50,
            scoreCategory: 'medium',
            weightPercentage: 50,
            detail: { candidateLevel: 5, teamMean: 3, teamMin: 2, teamMax: 4, delta: 2 },
          },
          { name: 'drive', scoreType: 'MAX_MEAN', scorePercentage: 100, scoreCategory: 'high', weightPercentage: 50 },
        ],
      },
    });
    const read = await get(`/evaluation/${evaluationId}`).expect(200);
    expect(read.body.results).toEqual(last.body.results);
    expect(read.body.currentQuestion).toBeUndefined();
    const rail = await get(`/evaluation/${evaluationId}/questions`).expect(200);
    expect((rail.body.items as Array<{ status: string }>).filter((item) => item.status !== 'answered')).toEqual([]);
    const closed = await post(`/evaluation/${evaluationId}/answer`, { questionId: f.q3, value: 4 }).expect(409);
    expect(closed.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'The evaluation is already complete' });
  });

  it('lists a persona’s evaluations with filters; personaId is required', async () => {
    const list = await get(`/evaluation?personaId=${f.candidate}`).expect(200);
    expect(list.body).toEqual({
      items: [expect.objectContaining({ id: evaluationId, status: 'complete', progress: { answered: 3, total: 3 } })],
      total: 1,
    });
    expect((await get(`/evaluation?personaId=${f.candidate}&status=pending`).expect(200)).body).toEqual({ items: [], total: 0 });
    expect((await get(`/evaluation?personaId=${f.candidate}&teamId=${f.otherTeamId}`).expect(200)).body.total).toBe(0);
    await get('/evaluation').expect(400);
    await get(`/evaluation?personaId=${f.candidate}`, personaToken(f.memberOne)).expect(403);
  });

  it('team-match without a role: the workstyle score alone', async () => {
    const response = await post(`/evaluation/${evaluationId}/team-match`, {}).expect(200);
    expect(response.body).toMatchObject({
      evaluationId,
      algorithmTeamId: f.teamId,
      roleId: null,
      algorithmUserId: 501,
      workstyle: { score: 75, scoreCategory: 'high' },
      roleMatch: null,
      combined: { score: 75, scoreCategory: 'high', roleWeight: 50 },
    });
    expect(response.body.workstyle.dimensions).toHaveLength(2);
  });

  it('team-match with a role: role match by hand and the 50/50 blend', async () => {
    const [one, two] = await Promise.all([
      post('/algorithm/industries', { name: 'Banking' }).expect(201),
      post('/algorithm/industries', { name: 'Retail' }).expect(201),
    ]);
    const spec = await post('/algorithm/rolespecifications', { industry: { ids: [one.body.id, two.body.id], priority: 1 } }).expect(201);
    const role = await post('/algorithm/roles', {
      organisationId: null,
      title: 'Analyst',
      teamId: f.teamId,
      roleSpecificationId: spec.body.id,
      criteriaWeight: 1,
    }).expect(201);
    await request(service.url)
      .put('/algorithm/userexperiences/501')
      .set('authorization', `Bearer ${admin()}`)
      .send({ industryIds: [one.body.id] })
      .expect(documented('PUT', '/algorithm/userexperiences/501'))
      .expect((r) => expect([200, 201]).toContain(r.status));
    const response = await post(`/evaluation/${evaluationId}/team-match`, { roleId: role.body.id }).expect(200);
    // Industry is an element on both sides (priority 1: 13 points). Experience: half the
    // industries, 6.5 / 13 = 50. Goal: no goal record, 0. Role match 0.95 * 50 + 0.05 * 0 = 47.5.
    expect(response.body.roleMatch).toMatchObject({
      roleId: role.body.id,
      score: 47.5,
      scoreCategory: 'medium',
      experienceScore: 50,
      goalScore: 0,
    });
    expect(response.body.roleMatch.breakdown).toEqual([
      { name: 'industry', priority: 1, percentageMatch: 0.5, points: 6.5, maxPoints: 13, source: 'experience' },
      { name: 'industry', priority: 1, percentageMatch: 0, points: 0, maxPoints: 13, source: 'goal' },
    ]);
    // (47.5 * 50 + 75 * 50) / 100 = 61.25
    expect(response.body.combined).toEqual({ score: 61.25, scoreCategory: 'medium', roleWeight: 50 });
    const weighted = await post(`/evaluation/${evaluationId}/team-match`, { roleId: role.body.id, roleWeight: 20 }).expect(200);
    expect(weighted.body.combined.score).toBe(69.5); // (47.5 * 20 + 75 * 80) / 100
    const anonymous = await post(`/evaluation/${evaluationId}/team-match`, { roleId: role.body.id, algorithmUserId: 0 }).expect(200);
    expect(anonymous.body.roleMatch.experienceScore).toBe(0);
    await post(`/evaluation/${evaluationId}/team-match`, { roleWeight: 101 }).expect(400);
    await post(`/evaluation/${randomUUID()}/team-match`, {}).expect(404);
  });

  it('compare-team: the stored answers against another team, nothing stored, never cached', async () => {
    const response = await post(`/evaluation/${evaluationId}/compare-team`, { algorithmTeamId: f.otherTeamId }).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // Team of one (pace 4, drive 3): pace 100 * (1 - 1/4) = 75; drive norm(max(2, 3)) = 50; overall 62.5.
    expect(response.body).toEqual({
      evaluationId,
      personaId: f.candidate,
      sourceTeam: { algorithmTeamId: f.teamId, teamName: 'Platform' },
      targetTeam: { algorithmTeamId: f.otherTeamId, teamName: 'Solo' },
      workstyle: { overallScore: 62.5, overallCategory: 'medium', dimensions: expect.any(Array) },
      roleMatch: null,
      combined: null,
      answersUsed: 3,
      computedAt: now.toISOString(),
    });
    const again = await post(`/evaluation/${evaluationId}/compare-team`, { algorithmTeamId: f.otherTeamId }).expect(200);
    expect(again.body).toEqual(response.body);

    const own = await post(`/evaluation/${evaluationId}/compare-team`, { algorithmTeamId: f.teamId }).expect(400);
    expect(own.body.message).toBe("algorithmTeamId must differ from the evaluation's own team");
    expect((await post(`/evaluation/${evaluationId}/compare-team`, { algorithmTeamId: 0 }).expect(400)).body.message).toMatch(
      /algorithmTeamId/,
    );
    await post(`/evaluation/${evaluationId}/compare-team`, {}).expect(400);
    expect((await post(`/evaluation/${evaluationId}/compare-team`, { algorithmTeamId: 4242 }).expect(404)).body.message).toBe(
      'Target team 4242 not found',
    );
    expect((await post(`/evaluation/${randomUUID()}/compare-team`, { algorithmTeamId: f.otherTeamId }).expect(404)).body.message).toBe(
      'Evaluation not found',
    );
    await request(service.url)
      .post(`/evaluation/${evaluationId}/compare-team`)
      .send({ algorithmTeamId: f.otherTeamId })
      .expect(documented('POST', '/evaluation/{id}/compare-team'))
      .expect(401);
  });

  it('compare: PAIRWISE scores B against a one-person team of A; MUTUAL averages both directions', async () => {
    const memberEvaluation = (await get(`/evaluation?personaId=${f.memberOne}`).expect(200)).body.items[0].id as string;
    const pairwise = await post('/evaluation/compare', { evaluationIdA: memberEvaluation, evaluationIdB: evaluationId }).expect(200);
    // B (pace 5, drive 2) against A (pace 4, drive 3): pace 75, drive norm(3) = 50; overall 62.5.
    expect(pairwise.body).toMatchObject({
      mode: 'PAIRWISE',
      evaluationIdA: memberEvaluation,
      evaluationIdB: evaluationId,
      score: 62.5,
      scoreCategory: 'medium',
    });
    expect(pairwise.body.reverseScore).toBeUndefined();
    const mutual = await post('/evaluation/compare', {
      evaluationIdA: memberEvaluation,
      evaluationIdB: evaluationId,
      mode: 'MUTUAL',
    }).expect(200);
    // A against B: pace sim(4, 5) = 75, drive norm(max(3, 2)) = 50: 62.5; average 62.5.
    expect(mutual.body).toMatchObject({ mode: 'MUTUAL', score: 62.5, reverseScore: 62.5 });
    expect(mutual.body.reverseDimensions).toHaveLength(2);
    await post('/evaluation/compare', { evaluationIdA: evaluationId, evaluationIdB: evaluationId }).expect(400);
    await post('/evaluation/compare', { evaluationIdA: evaluationId, evaluationIdB: randomUUID() }).expect(404);
    await post('/evaluation/compare', { evaluationIdA: evaluationId, evaluationIdB: memberEvaluation, mode: 'SIDEWAYS' }).expect(400);
  });

  it('scores against the team as it is now: a member’s new profile, a member list change and a removed profile all count at once', async () => {
    // Team contexts are cached per team; the team's profiles version (kept by database triggers) says when one is stale.
    const [outsider, joiner] = [
      await people.create({ role: 'Dev', description: 'outsider' }),
      await people.create({ role: 'Dev', description: 'joiner' }),
    ];
    const probe = await complete(outsider.id, f.otherTeamId, [3, 3, 3]);
    const joinerEvaluation = await complete(joiner.id, f.otherTeamId, [5, 1, 1]);
    const watched = await post('/algorithm/teams', { name: 'Watched', memberPersonaIds: [joiner.id] }).expect(201);
    const teamMeans = async (evaluation: string) => {
      const response = await post(`/evaluation/${evaluation}/compare-team`, { algorithmTeamId: watched.body.id }).expect(200);
      const dimensions = response.body.workstyle.dimensions as Array<{ name: string; detail: { teamMean: number | null } }>;
      return Object.fromEntries(dimensions.map((dimension) => [dimension.name, dimension.detail.teamMean]));
    };
    // Joiner alone: pace (5 + (6 - 1)) / 2 = 5, drive 1.
    expect(await teamMeans(probe.id)).toEqual({ pace: 5, drive: 1 });
    expect(await teamMeans(probe.id)).toEqual({ pace: 5, drive: 1 });

    // The joiner answers again: their latest profile counts, pace (2 + 2) / 2 = 2, drive 4. (This
    // service's clock stands still: the first profile is dated a day back so "latest" is one.)
    await client.query(
      `UPDATE evaluation.evaluation_score_profiles SET completed_at = completed_at - interval '1 day' WHERE evaluation_id = $1`,
      [joinerEvaluation.id],
    );
    await complete(joiner.id, f.teamId, [2, 4, 4]);
    expect(await teamMeans(probe.id)).toEqual({ pace: 2, drive: 4 });

    // Member one joins (pace 4, drive 3): means (2 + 4) / 2 = 3 and (4 + 3) / 2 = 3.5.
    await request(service.url)
      .put(`/algorithm/teams/${watched.body.id}`)
      .set('authorization', `Bearer ${admin()}`)
      .send({ memberPersonaIds: [joiner.id, f.memberOne] })
      .expect(200);
    expect(await teamMeans(probe.id)).toEqual({ pace: 3, drive: 3.5 });

    // The joiner's newest profile goes: the one before counts again (pace 5, drive 1 with member one's 4 and 3).
    await client.query(`DELETE FROM evaluation.evaluation_score_profiles WHERE persona_id = $1 AND evaluation_id <> $2`, [
      joiner.id,
      joinerEvaluation.id,
    ]);
    expect(await teamMeans(probe.id)).toEqual({ pace: 4.5, drive: 2 });

    // A candidate who is a member is left out of their own team context, whether it was cached or not.
    await request(service.url)
      .put(`/algorithm/teams/${watched.body.id}`)
      .set('authorization', `Bearer ${admin()}`)
      .send({ memberPersonaIds: [joiner.id, f.memberOne, outsider.id] })
      .expect(200);
    expect(await teamMeans(probe.id)).toEqual({ pace: 4.5, drive: 2 });
    expect(await teamMeans(probe.id)).toEqual({ pace: 4.5, drive: 2 });
    expect(await teamMeans(joinerEvaluation.id)).toEqual({ pace: 3.5, drive: 3 });
  });

  it('gives exactly one active evaluation under concurrent creates, and one result under concurrent final answers', async () => {
    const responses = await Promise.all([1, 2, 3].map(() => post('/evaluation', { personaId: f.candidate, teamId: f.otherTeamId })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((r) => r.body.id as string)).size).toBe(1);
    const id = responses[0]?.body.id as string;
    await post(`/evaluation/${id}/answer`, { questionId: f.q1, value: 3 }).expect(200);
    await post(`/evaluation/${id}/answer`, { questionId: f.q2, value: 3 }).expect(200);
    const finals = await Promise.all([1, 2, 3].map((n) => post(`/evaluation/${id}/answer`, { questionId: f.q3, value: n })));
    expect(finals.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM evaluation.evaluations WHERE id = $1 AND status = 'complete' AND results IS NOT NULL`,
      [id],
    );
    expect(rows.rows[0]?.n).toBe('1');
  });

  /** A new persona's evaluation against the main team, not answered yet; its id. */
  const startForNewPersona = async (description: string): Promise<string> => {
    const person = await people.create({ role: 'Dev', description });
    const created = await post('/evaluation', { personaId: person.id, teamId: f.teamId }).expect(201);
    return created.body.id as string;
  };

  it('completes once when concurrent answers to different questions together finish the evaluation', async () => {
    // Each answer alone would leave one question open; whichever is second completes it, under the lock.
    const id = await startForNewPersona('race');
    await post(`/evaluation/${id}/answer`, { questionId: f.q1, value: 4 }).expect(200);
    const both = await Promise.all([
      post(`/evaluation/${id}/answer`, { questionId: f.q2, value: 2 }),
      post(`/evaluation/${id}/answer`, { questionId: f.q3, value: 5 }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.status as string).sort()).toEqual(['complete', 'in_progress']);
    const stored = await client.query<{ status: string; answered: number; has_results: boolean; answers: string }>(
      `SELECT status, answered, results IS NOT NULL AS has_results, (SELECT count(*) FROM evaluation.evaluation_answers a WHERE a.evaluation_id = e.id) AS answers
         FROM evaluation.evaluations e WHERE id = $1`,
      [id],
    );
    expect(stored.rows[0]).toEqual({ status: 'complete', answered: 3, has_results: true, answers: '3' });
  });

  it('scores the completing answer against the answers as they are when it is written, not as first read', async () => {
    const id = await startForNewPersona('changed under it');
    await post(`/evaluation/${id}/answer`, { questionId: f.q1, value: 1 }).expect(200);
    await post(`/evaluation/${id}/answer`, { questionId: f.q2, value: 2 }).expect(200);
    // Another request re-answers q1 (5 instead of 1), as the service would, and has not committed
    // when the final answer reads the evaluation and its answers.
    const other = new Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`UPDATE evaluation.evaluation_answers SET value = 5 WHERE evaluation_id = $1 AND question_id = $2`, [id, f.q1]);
      await other.query(
        `UPDATE evaluation.evaluations SET answer_values = set_byte(answer_values, position('\\x01'::bytea IN answer_values) - 1, 5) WHERE id = $1`,
        [id],
      );
      const final = post(`/evaluation/${id}/answer`, { questionId: f.q3, value: 3 }).then((response) => response);
      // The final answer's write waits on the row the other request holds; then that one commits.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const waiting = await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting.rows[0]?.n === '1') break;
        if (Date.now() > deadline) throw new Error('the final answer never waited for the row');
        await new Promise((resolve) => setImmediate(resolve));
      }
      await other.query('COMMIT');
      const response = await final;
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('complete');
      const stored = await client.query<{ answer_values: Buffer }>(`SELECT answer_values FROM evaluation.evaluations WHERE id = $1`, [id]);
      expect([...(stored.rows[0]?.answer_values ?? [])].sort()).toEqual([2, 3, 5]);
      // The results count q1 as 5, as a team-match made now does.
      const match = await post(`/evaluation/${id}/team-match`, {}).expect(200);
      expect((response.body.results as { overallScore: number }).overallScore).toBe((match.body.workstyle as { score: number }).score);
    } finally {
      await other.end();
    }
  });

  it('counts a question once when it is answered several times at once', async () => {
    const id = await startForNewPersona('again');
    const answers = await Promise.all([1, 2, 3, 4].map((value) => post(`/evaluation/${id}/answer`, { questionId: f.q1, value })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((r) => (r.body.progress as { answered: number }).answered)).toEqual([1, 1, 1, 1]);
    const stored = await client.query<{ answered: number; value: number }>(
      `SELECT e.answered, a.value FROM evaluation.evaluations e JOIN evaluation.evaluation_answers a ON a.evaluation_id = e.id WHERE e.id = $1`,
      [id],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.answered).toBe(1);
    // The byte kept for the question is the value of the answer row that won.
    const read = await client.query<{ answer_values: Buffer }>(`SELECT answer_values FROM evaluation.evaluations WHERE id = $1`, [id]);
    expect([...(read.rows[0]?.answer_values ?? [])].filter((byte) => byte !== 0)).toEqual([stored.rows[0]?.value]);
  });

  it('completes more evaluations at once than the service has database connections', async () => {
    // Thirty completing answers at the same moment, with a pool of ten: every read inside the
    // completing transaction must go through it, or the service waits for itself forever.
    const thirty = [];
    for (let n = 0; n < 30; n += 1) thirty.push(await people.create({ role: 'Dev', description: `p${n}` }));
    const ids: string[] = [];
    for (const person of thirty) {
      const created = await post('/evaluation', { personaId: person.id, teamId: f.teamId }).expect(201);
      ids.push(created.body.id as string);
      await post(`/evaluation/${created.body.id}/answer`, { questionId: f.q1, value: 4 }).expect(200);
      await post(`/evaluation/${created.body.id}/answer`, { questionId: f.q2, value: 2 }).expect(200);
    }
    const finals = await Promise.all(ids.map((id) => post(`/evaluation/${id}/answer`, { questionId: f.q3, value: 3 })));
    expect(finals.map((response) => response.status)).toEqual(Array(30).fill(200));
    expect(finals.every((response) => response.body.status === 'complete')).toBe(true);
  }, 30_000);

  it('team-match once the persona is gone: no user id to match, so the role match carries an error instead of a score', async () => {
    const leaving = await people.create({ role: 'Dev', description: 'Leaves' });
    const { id } = await complete(leaving.id, f.teamId, [3, 3, 3]);
    await drizzle({ client }).delete(personas).where(eq(personas.id, leaving.id));
    // The team's first role (the analyst above) has a specification, so a match is attempted.
    const response = await post(`/evaluation/${id}/team-match`, {}).expect(200);
    expect(response.body.algorithmUserId).toBeNull();
    expect(response.body.roleMatch).toEqual({ roleId: expect.any(Number), error: 'Cannot resolve algorithmUserId for role match' });
    expect(response.body.combined).toEqual({
      score: response.body.workstyle.score,
      scoreCategory: response.body.workstyle.scoreCategory,
      roleWeight: 50,
    });
  });

  it('checked a real answer of every evaluation operation against its documented schema', () => {
    expect([...contract.checked]).toEqual(
      expect.arrayContaining([
        'POST /evaluation 201',
        'POST /evaluation 200',
        'GET /evaluation 200',
        'GET /evaluation/{id} 200',
        'POST /evaluation/{id}/answer 200',
        'GET /evaluation/{id}/questions 200',
        'POST /evaluation/{id}/team-match 200',
        'POST /evaluation/{id}/compare-team 200',
        'POST /evaluation/compare 200',
      ]),
    );
  });
  it("every completed evaluation's explanation recomputes its stored result exactly (explanation.fixture.ts)", async () => {
    expect(await expectEveryExplanationRecomputes(service.url, database.url, tokens.admin())).toBeGreaterThan(0);
  });
});
