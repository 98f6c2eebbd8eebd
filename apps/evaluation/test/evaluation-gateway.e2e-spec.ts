import { QuestionnaireDirectory } from '@teamfit/assessment';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { personas } from '@teamfit/personas';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import request, { type Response } from 'supertest';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { expectEveryExplanationRecomputes } from './explanation.fixture';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The whole lifecycle of a questionnaire through the real gateway (nginx, real template), over
 * the platform questionnaire the organisation service seeds when it starts (16 groups, 104
 * questions).
 *
 * Rate limit: the gateway allows /evaluation 10 requests a second with a burst of 20 per client
 * address. Every request this file sends through the gateway goes through `gw()`, which spaces
 * them 110 ms apart (under 10 r/s, so the burst is never even touched). The bulk of the answers
 * (the members' 2 x 104 and the candidate's middle 100) go straight to the evaluation service's
 * port: the candidate's first three answers, the resume and the final, completing answer go
 * through the gateway, with the candidate's own persona token.
 *
 * Numbers: every person answers so that each of their items has one scored value (the raw value,
 * or 6 - value for reverse-scored items; faking items too), so each level is that value and every
 * score below is computed by hand from docs/scoring.md. Candidate 2; team "Platform" = member A
 * (1) and member B (5), T = 3; team "Solo" = member B alone.
 */
const LEVEL = { candidate: 2, memberA: 1, memberB: 5 };

/** Group order of the seeded questionnaire (docs/assessment.md, "The shipped questionnaire"). */
const SHIPPED = [
  ['pace', 'SUPPLEMENTARY'],
  ['structure', 'SUPPLEMENTARY'],
  ['detail', 'COMPLEMENTARY'],
  ['autonomy', 'SUPPLEMENTARY'],
  ['collaboration', 'INDIVIDUAL_SUPPLEMENTARY'],
  ['communication', 'INDIVIDUAL_SUPPLEMENTARY'],
  ['feedback', 'SUPPLEMENTARY'],
  ['innovation', 'COMPLEMENTARY'],
  ['risk', 'SUPPLEMENTARY'],
  ['decision', 'COMPLEMENTARY'],
  ['values', 'TOP_TEN'],
  ['conflict', 'CONFLICT'],
  ['drive', 'MAX_MEAN'],
  ['reliability', 'MIN_MEAN'],
  ['learning', 'GROUP_AVERAGE'],
  ['wellbeing', 'SUPPLEMENTARY'],
] as const;
type ScoreType = (typeof SHIPPED)[number][1];

const categoryOf = (score: number) => (score < 33 ? 'low' : score < 66 ? 'medium' : 'high');

/** The 16 dimensions as the service must report them, from one score per type. */
const dimensionsFrom = (scores: Record<ScoreType, number>): unknown[] =>
  SHIPPED.map(([name, scoreType]): unknown =>
    expect.objectContaining({
      name,
      scoreType,
      scorePercentage: scores[scoreType],
      scoreCategory: categoryOf(scores[scoreType]),
      weightPercentage: 6.25,
    }),
  );

// Candidate c = 2 against members 1 and 5 (T = 3, N = 2):
//   SUPPLEMENTARY 100 * (1 - |2 - 3| / 4) = 75; INDIVIDUAL_SUPPLEMENTARY 100 * (0.75 + 0.25) / 2 = 50;
//   COMPLEMENTARY g = (5 - 3) / 4 = 0.5, s = (2 - 1) / 4 = 0.25: 100 * (1 - 0.5 * 0.75) = 62.5;
//   TOP_TEN every item's team value 3: 100 * sim(2, 3) = 75; CONFLICT every sub-group 75;
//   MAX_MEAN norm(5) = 100; MIN_MEAN norm(1) = 0; GROUP_AVERAGE norm(8 / 3) = 41.666… → 41.67.
//   Overall, 16 weights of 1 (6.25 % each): (8 * 75 + 3 * 62.5 + 2 * 50 + 100 + 0 + 41.666…) / 16
//   = 1029.1666… / 16 = 64.3229… → 64.32 (medium).
const OWN_TEAM = {
  SUPPLEMENTARY: 75,
  INDIVIDUAL_SUPPLEMENTARY: 50,
  COMPLEMENTARY: 62.5,
  TOP_TEN: 75,
  CONFLICT: 75,
  MAX_MEAN: 100,
  MIN_MEAN: 0,
  GROUP_AVERAGE: 41.67,
} satisfies Record<ScoreType, number>;
const OWN_TEAM_OVERALL = 64.32;

// Candidate 2 against member B alone (5): SUPPLEMENTARY, INDIVIDUAL_SUPPLEMENTARY, TOP_TEN and
// CONFLICT sim(2, 5) = 0.25 → 25; COMPLEMENTARY g = 0 → 100; MAX_MEAN norm(5) = 100; MIN_MEAN
// norm(2) = 25; GROUP_AVERAGE norm(3.5) = 62.5. Overall (11 * 25 + 3 * 100 + 100 + 62.5) / 16 =
// 737.5 / 16 = 46.09375 → 46.09 (medium).
const SOLO_TEAM = {
  SUPPLEMENTARY: 25,
  INDIVIDUAL_SUPPLEMENTARY: 25,
  COMPLEMENTARY: 100,
  TOP_TEN: 25,
  CONFLICT: 25,
  MAX_MEAN: 100,
  MIN_MEAN: 25,
  GROUP_AVERAGE: 62.5,
} satisfies Record<ScoreType, number>;
const SOLO_TEAM_OVERALL = 46.09;

// PAIRWISE A = member A (1), B = candidate (2): B against a team of A. sim(2, 1) = 0.75 → 75 for
// SUPPLEMENTARY, INDIVIDUAL_SUPPLEMENTARY, TOP_TEN, CONFLICT; COMPLEMENTARY g = 1, s = 0.25 → 25;
// MAX_MEAN norm(2) = 25; MIN_MEAN norm(1) = 0; GROUP_AVERAGE norm(1.5) = 12.5.
// Overall (10 * 75 + 4 * 25 + 0 + 12.5) / 16 = 862.5 / 16 = 53.90625 → 53.91 (medium).
const PAIRWISE_A_CANDIDATE = {
  SUPPLEMENTARY: 75,
  INDIVIDUAL_SUPPLEMENTARY: 75,
  COMPLEMENTARY: 25,
  TOP_TEN: 75,
  CONFLICT: 75,
  MAX_MEAN: 25,
  MIN_MEAN: 0,
  GROUP_AVERAGE: 12.5,
} satisfies Record<ScoreType, number>;

interface Served {
  id: number;
}
interface EvaluationBody {
  id: string;
  personaId: string;
  teamId: number;
  status: string;
  resumed?: boolean;
  progress: { answered: number; total: number };
  currentQuestion?: Served & { questionGroupName: string };
  nextQuestion?: Served | null;
  results?: Record<string, unknown>;
}

describe('a questionnaire end to end through the gateway, on the seeded 104-question questionnaire', () => {
  const tokens = new TestTokens();
  const stranger = new TestTokens(); // signs with another key: the services must refuse it
  let database: TestDatabase;
  let client: Client;
  let organisation: RunningTestService;
  let evaluation: RunningTestService;
  let gateway: TestGateway;
  const reverse = new Set<number>();
  const people = { candidate: '', memberA: '', memberB: '', outsider: '' };
  const userNumbers = { candidate: 7101, memberA: 7102, memberB: 7103, outsider: 7104 };
  const teams = { platform: 0, solo: 0 };
  const evaluationOf = { memberA: '', memberB: '' };
  let candidateEvaluation = '';

  const admin = () => tokens.admin();
  const personaToken = (personaId: string) =>
    tokens.mint({ sub: personaId, kind: 'persona', emailAddress: `${personaId}@example.test`, personaId });

  let nextSlot = 0;
  /** One request through the gateway, at most one per 110 ms (see the rate-limit note above). */
  const gw = async (method: 'get' | 'post' | 'put', route: string, token: string | null, body?: object): Promise<Response> => {
    const wait = nextSlot - Date.now();
    if (wait > 0) await sleep(wait);
    nextSlot = Date.now() + 110;
    let call = request(gateway.url)[method](route);
    if (token !== null) call = call.set('authorization', `Bearer ${token}`);
    return body === undefined ? call : call.send(body);
  };
  /** Straight to the evaluation service's port: no gateway, no rate limit. */
  const direct = (route: string, token: string, body: object) =>
    request(evaluation.url).post(route).set('authorization', `Bearer ${token}`).send(body);
  const expectStatus = (response: Response, status: number) => {
    if (response.status !== status) throw new Error(`${response.status} instead of ${status}: ${response.text}`);
    return response.body as EvaluationBody & Record<string, unknown>;
  };
  const valueFor = (questionId: number, level: number) => (reverse.has(questionId) ? 6 - level : level);

  /** Answers from the evaluation's current question on, following nextQuestion, `count` times at most. */
  const answerDirectly = async (id: string, token: string, level: number, count: number, timeTaken: number) => {
    let current = expectStatus(await request(evaluation.url).get(`/evaluation/${id}`).set('authorization', `Bearer ${token}`), 200)
      .currentQuestion?.id;
    let last: EvaluationBody | undefined;
    for (let n = 0; n < count && current !== undefined; n += 1) {
      last = expectStatus(
        await direct(`/evaluation/${id}/answer`, token, { questionId: current, value: valueFor(current, level), timeTaken }),
        200,
      );
      current = last.nextQuestion?.id;
    }
    return last;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const db = drizzle({ client });
    const persona = (name: string, userNumber: number) => ({
      userId: randomUUID(),
      userNumber,
      userFirstName: name,
      role: 'Engineer',
      description: name,
    });
    const [candidate, memberA, memberB, outsider] = await db
      .insert(personas)
      .values([
        persona('Casey', userNumbers.candidate),
        persona('Ada', userNumbers.memberA),
        persona('Brian', userNumbers.memberB),
        persona('Olga', userNumbers.outsider),
      ])
      .returning({ id: personas.id });
    Object.assign(people, { candidate: candidate?.id, memberA: memberA?.id, memberB: memberB?.id, outsider: outsider?.id });

    const options = { databaseUrl: database.url, keys: tokens.keys };
    // The organisation service seeds the platform questionnaire when it starts.
    organisation = await startTestService('organisation', organisationAppModule, options);
    evaluation = await startTestService('evaluation', evaluationAppModule, options);
    gateway = await startTestGateway(ROOT, { organisation: organisation.port, evaluation: evaluation.port });
    for (const group of await new QuestionnaireDirectory(db).load()) {
      for (const question of group.questions) if (question.reverseScore) reverse.add(question.id);
    }
  });

  afterAll(async () => {
    await gateway?.stop();
    await evaluation?.close();
    await organisation?.close();
    await client?.end();
    await database?.drop();
  });

  it('an administrator creates a team with members; the members complete their questionnaires', async () => {
    const platform = expectStatus(
      await gw('post', '/evaluation/algorithm/teams', admin(), { name: 'Platform', memberPersonaIds: [people.memberA, people.memberB] }),
      201,
    );
    expect(platform).toEqual({
      id: expect.any(Number),
      name: 'Platform',
      organisationId: null,
      memberPersonaIds: [people.memberA, people.memberB],
    });
    const solo = expectStatus(
      await gw('post', '/evaluation/algorithm/teams', admin(), { name: 'Solo', memberPersonaIds: [people.memberB] }),
      201,
    );
    teams.platform = platform['id'] as unknown as number;
    teams.solo = solo['id'] as unknown as number;

    for (const member of ['memberA', 'memberB'] as const) {
      const created = expectStatus(
        await gw('post', '/evaluation/evaluation', admin(), { personaId: people[member], teamId: teams.platform }),
        201,
      );
      expect(created.progress).toEqual({ answered: 0, total: 104 });
      const last = await answerDirectly(created.id, personaToken(people[member]), LEVEL[member], 104, 4);
      expect(last).toMatchObject({ status: 'complete', progress: { answered: 104, total: 104 }, nextQuestion: null });
      evaluationOf[member] = created.id;
    }
  });

  it('creates the candidate’s evaluation, answers through the gateway with the persona token, and resumes it', async () => {
    const created = expectStatus(
      await gw('post', '/evaluation/evaluation', admin(), { personaId: people.candidate, teamId: teams.platform }),
      201,
    );
    expect(created).toMatchObject({
      personaId: people.candidate,
      teamId: teams.platform,
      status: 'pending',
      resumed: false,
      progress: { answered: 0, total: 104 },
    });
    expect(created.currentQuestion).toMatchObject({ questionGroupName: 'pace', type: 'LIKERT', likertAnswerSet: 'agree' });
    candidateEvaluation = created.id;
    const own = personaToken(people.candidate);

    let questionId = created.currentQuestion?.id as number;
    for (let n = 1; n <= 3; n += 1) {
      const answered = expectStatus(
        await gw('post', `/evaluation/evaluation/${candidateEvaluation}/answer`, own, {
          questionId,
          value: valueFor(questionId, LEVEL.candidate),
          timeTaken: 3,
        }),
        200,
      );
      expect(answered).toMatchObject({ status: 'in_progress', progress: { answered: n, total: 104 } });
      expect(answered.results).toBeUndefined();
      questionId = answered.nextQuestion?.id as number;
    }

    // The session is abandoned; creating again resumes the same evaluation at the fourth question.
    const resumed = expectStatus(
      await gw('post', '/evaluation/evaluation', admin(), { personaId: people.candidate, teamId: teams.platform }),
      200,
    );
    expect(resumed).toMatchObject({
      id: candidateEvaluation,
      resumed: true,
      status: 'in_progress',
      progress: { answered: 3, total: 104 },
      currentQuestion: { id: questionId },
    });
    const read = expectStatus(await gw('get', `/evaluation/evaluation/${candidateEvaluation}`, own), 200);
    expect(read).toMatchObject({ status: 'in_progress', currentQuestion: { id: questionId } });
    expect(read.resumed).toBeUndefined();
  });

  it('refuses persona tokens on another persona’s evaluation, a missing token (401) and a foreign key (403)', async () => {
    const own = personaToken(people.candidate);
    expectStatus(await gw('get', `/evaluation/evaluation/${evaluationOf.memberA}`, own), 403);
    expectStatus(
      await gw('post', `/evaluation/evaluation/${candidateEvaluation}/answer`, personaToken(people.outsider), { questionId: 1, value: 3 }),
      403,
    );
    expectStatus(await gw('get', `/evaluation/evaluation/${candidateEvaluation}/questions`, personaToken(people.memberB)), 403);
    expectStatus(await gw('post', '/evaluation/evaluation', own, { personaId: people.candidate, teamId: teams.platform }), 403);
    expect(expectStatus(await gw('get', `/evaluation/evaluation/${candidateEvaluation}`, null), 401)).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Missing Authorization header',
    });
    expectStatus(await gw('get', `/evaluation/evaluation/${candidateEvaluation}`, stranger.admin()), 403);
  });

  it('completes with the last answer (through the gateway) and shows the hand-computed results on every later read', async () => {
    const own = personaToken(people.candidate);
    // Answers 4..103 straight to the service, the 104th through the gateway.
    const penultimate = await answerDirectly(candidateEvaluation, own, LEVEL.candidate, 100, 3);
    expect(penultimate).toMatchObject({ status: 'in_progress', progress: { answered: 103, total: 104 } });
    const lastId = penultimate?.nextQuestion?.id as number;
    expect(lastId).toEqual(expect.any(Number));

    const done = expectStatus(
      await gw('post', `/evaluation/evaluation/${candidateEvaluation}/answer`, own, {
        questionId: lastId,
        value: valueFor(lastId, LEVEL.candidate),
        timeTaken: 3,
      }),
      200,
    );
    const results = {
      overallScore: OWN_TEAM_OVERALL,
      overallCategory: 'medium',
      totalTimeTaken: 104 * 3,
      teamSize: 2,
      scoringVersion: 'ws-1',
      dimensions: dimensionsFrom(OWN_TEAM),
      // The faking items too were answered at level 2: norm(2) = 25; no answer under 2 seconds.
      validity: expect.objectContaining({ fakingIndex: 25, fastAnswerRatio: 0 }),
    };
    expect(done).toMatchObject({
      id: candidateEvaluation,
      status: 'complete',
      progress: { answered: 104, total: 104 },
      nextQuestion: null,
      results,
    });
    expect(done.results?.['dimensions']).toHaveLength(16);
    expect((done.results?.['dimensions'] as Array<{ detail: unknown }>)[0]?.detail).toEqual({
      candidateLevel: 2,
      teamMean: 3,
      teamMin: 1,
      teamMax: 5,
      delta: -1,
    });

    for (const token of [own, admin(), tokens.account()]) {
      const read = expectStatus(await gw('get', `/evaluation/evaluation/${candidateEvaluation}`, token), 200);
      expect(read).toMatchObject({ status: 'complete', progress: { answered: 104, total: 104 } });
      expect(read.results).toEqual(done.results);
      expect(read.currentQuestion).toBeUndefined();
    }
    const rail = await gw('get', `/evaluation/evaluation/${candidateEvaluation}/questions`, own);
    expect(rail.headers['cache-control']).toBe('no-store');
    const items = expectStatus(rail, 200)['items'] as Array<{ status: string; order: number }>;
    expect(items).toHaveLength(104);
    expect(items.filter((item) => item.status !== 'answered')).toEqual([]);
    const listed = expectStatus(await gw('get', `/evaluation/evaluation?personaId=${people.candidate}`, own), 200);
    expect(listed).toEqual({
      items: [expect.objectContaining({ id: candidateEvaluation, status: 'complete', progress: { answered: 104, total: 104 } })],
      total: 1,
    });

    const closed = expectStatus(
      await gw('post', `/evaluation/evaluation/${candidateEvaluation}/answer`, own, { questionId: lastId, value: 1 }),
      409,
    );
    expect(closed).toEqual({ statusCode: 409, error: 'Conflict', message: 'The evaluation is already complete' });
  });

  it('team-match: the workstyle alone without a role, then role + workstyle with the team’s first role', async () => {
    const plain = expectStatus(await gw('post', `/evaluation/evaluation/${candidateEvaluation}/team-match`, admin(), {}), 200);
    expect(plain).toEqual({
      evaluationId: candidateEvaluation,
      algorithmTeamId: teams.platform,
      roleId: null,
      algorithmUserId: userNumbers.candidate,
      workstyle: { score: OWN_TEAM_OVERALL, scoreCategory: 'medium', dimensions: dimensionsFrom(OWN_TEAM) },
      roleMatch: null,
      combined: { score: OWN_TEAM_OVERALL, scoreCategory: 'medium', roleWeight: 50 },
    });

    const banking = expectStatus(await gw('post', '/evaluation/algorithm/industries', admin(), { name: 'Banking' }), 201)['id'];
    const retail = expectStatus(await gw('post', '/evaluation/algorithm/industries', admin(), { name: 'Retail' }), 201)['id'];
    const spec = expectStatus(
      await gw('post', '/evaluation/algorithm/rolespecifications', admin(), { industry: { ids: [banking, retail], priority: 1 } }),
      201,
    )['id'];
    const role = expectStatus(
      await gw('post', '/evaluation/algorithm/roles', admin(), {
        title: 'Analyst',
        teamId: teams.platform,
        roleSpecificationId: spec,
        criteriaWeight: 1,
      }),
      201,
    )['id'];
    expectStatus(
      await gw('put', `/evaluation/algorithm/userexperiences/${userNumbers.candidate}`, admin(), { industryIds: [banking] }),
      201,
    );

    // Industry (priority 1, 13 points) on both sides. Experience 1 of 2: 50; no goal record: 0.
    // Role match 0.95 * 50 + 0.05 * 0 = 47.5; combined (47.5 * 50 + 64.32 * 50) / 100 = 55.91.
    const withRole = expectStatus(
      await gw('post', `/evaluation/evaluation/${candidateEvaluation}/team-match`, personaToken(people.candidate), {}),
      200,
    );
    expect(withRole).toMatchObject({ roleId: role, algorithmUserId: userNumbers.candidate, workstyle: { score: OWN_TEAM_OVERALL } });
    expect(withRole['roleMatch']).toMatchObject({ roleId: role, score: 47.5, scoreCategory: 'medium', experienceScore: 50, goalScore: 0 });
    expect(withRole['combined']).toEqual({ score: 55.91, scoreCategory: 'medium', roleWeight: 50 });

    expectStatus(await gw('post', `/evaluation/evaluation/${candidateEvaluation}/team-match`, admin(), { roleWeight: 101 }), 400);
    expectStatus(await gw('post', `/evaluation/evaluation/${randomUUID()}/team-match`, admin(), {}), 404);
    expectStatus(await gw('post', `/evaluation/evaluation/${evaluationOf.memberA}/team-match`, personaToken(people.candidate), {}), 403);
  });

  it('compare-team: the stored answers against another team, with its documented status codes and messages', async () => {
    const response = await gw('post', `/evaluation/evaluation/${candidateEvaluation}/compare-team`, admin(), {
      algorithmTeamId: teams.solo,
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(expectStatus(response, 200)).toEqual({
      evaluationId: candidateEvaluation,
      personaId: people.candidate,
      sourceTeam: { algorithmTeamId: teams.platform, teamName: 'Platform' },
      targetTeam: { algorithmTeamId: teams.solo, teamName: 'Solo' },
      workstyle: { overallScore: SOLO_TEAM_OVERALL, overallCategory: 'medium', dimensions: dimensionsFrom(SOLO_TEAM) },
      roleMatch: null,
      combined: null,
      answersUsed: 104,
      computedAt: expect.any(String),
    });

    const own = expectStatus(
      await gw('post', `/evaluation/evaluation/${candidateEvaluation}/compare-team`, admin(), { algorithmTeamId: teams.platform }),
      400,
    );
    expect(own['message']).toBe("algorithmTeamId must differ from the evaluation's own team");
    expect(
      expectStatus(await gw('post', `/evaluation/evaluation/${candidateEvaluation}/compare-team`, admin(), {}), 400)['message'],
    ).toMatch(/algorithmTeamId/);
    expect(
      expectStatus(
        await gw('post', `/evaluation/evaluation/${candidateEvaluation}/compare-team`, admin(), { algorithmTeamId: 987654 }),
        404,
      )['message'],
    ).toBe('Target team 987654 not found');
    expect(
      expectStatus(await gw('post', `/evaluation/evaluation/${randomUUID()}/compare-team`, admin(), { algorithmTeamId: teams.solo }), 404)[
        'message'
      ],
    ).toBe('Evaluation not found');
    // The operation's own table gives the missing token's message as `Unauthorized`; a present
    // but invalid token stays 403 as everywhere.
    expect(
      expectStatus(
        await gw('post', `/evaluation/evaluation/${candidateEvaluation}/compare-team`, null, { algorithmTeamId: teams.solo }),
        401,
      ),
    ).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Unauthorized',
    });
    expectStatus(
      await gw('post', `/evaluation/evaluation/${candidateEvaluation}/compare-team`, stranger.admin(), { algorithmTeamId: teams.solo }),
      403,
    );
    expectStatus(
      await gw('post', `/evaluation/evaluation/${candidateEvaluation}/compare-team`, personaToken(people.outsider), {
        algorithmTeamId: teams.solo,
      }),
      403,
    );
    expect(expectStatus(await gw('post', `/evaluation/evaluation/${candidateEvaluation}/team-match`, null, {}), 401)['message']).toBe(
      'Missing Authorization header',
    );
  });

  it('compare: PAIRWISE scores B against a one-person team of A; MUTUAL reports both directions', async () => {
    const pairwise = expectStatus(
      await gw('post', '/evaluation/evaluation/compare', admin(), {
        evaluationIdA: evaluationOf.memberA,
        evaluationIdB: candidateEvaluation,
      }),
      200,
    );
    expect(pairwise).toEqual({
      mode: 'PAIRWISE',
      evaluationIdA: evaluationOf.memberA,
      evaluationIdB: candidateEvaluation,
      score: 53.91,
      scoreCategory: 'medium',
      dimensions: dimensionsFrom(PAIRWISE_A_CANDIDATE),
    });
    // Member B (5) and the candidate (2): one-person teams, so each direction is the Solo numbers.
    const mutual = expectStatus(
      await gw('post', '/evaluation/evaluation/compare', admin(), {
        evaluationIdA: evaluationOf.memberB,
        evaluationIdB: candidateEvaluation,
        mode: 'MUTUAL',
      }),
      200,
    );
    expect(mutual).toMatchObject({
      mode: 'MUTUAL',
      score: SOLO_TEAM_OVERALL,
      scoreCategory: 'medium',
      reverseScore: SOLO_TEAM_OVERALL,
      dimensions: dimensionsFrom(SOLO_TEAM),
    });
    expect(mutual['reverseDimensions']).toHaveLength(16);

    expectStatus(
      await gw('post', '/evaluation/evaluation/compare', admin(), {
        evaluationIdA: candidateEvaluation,
        evaluationIdB: candidateEvaluation,
      }),
      400,
    );
    expectStatus(
      await gw('post', '/evaluation/evaluation/compare', admin(), {
        evaluationIdA: candidateEvaluation,
        evaluationIdB: evaluationOf.memberA,
        mode: 'SIDEWAYS',
      }),
      400,
    );
    expectStatus(
      await gw('post', '/evaluation/evaluation/compare', admin(), { evaluationIdA: candidateEvaluation, evaluationIdB: randomUUID() }),
      404,
    );
    expectStatus(
      await gw('post', '/evaluation/evaluation/compare', personaToken(people.candidate), {
        evaluationIdA: evaluationOf.memberA,
        evaluationIdB: candidateEvaluation,
      }),
      403,
    );
  });

  it('the on-demand computations stored nothing: the results and the evaluation are unchanged', async () => {
    const read = expectStatus(await gw('get', `/evaluation/evaluation/${candidateEvaluation}`, admin()), 200);
    expect(read).toMatchObject({ status: 'complete', results: { overallScore: OWN_TEAM_OVERALL, teamSize: 2 } });
    const rows = await client.query<{ n: string }>('SELECT count(*) AS n FROM evaluation.evaluations');
    expect(rows.rows[0]?.n).toBe('3');
  });
  it("every completed evaluation's explanation recomputes its stored result exactly (explanation.fixture.ts)", async () => {
    expect(await expectEveryExplanationRecomputes(evaluation.url, database.url, tokens.admin())).toBeGreaterThan(0);
  });
});
