import { buildOpenApiDocument } from '@teamfit/common';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { ResponseContract, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { profileAppModule } from '../../profile/src/profile-app.module';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { REPORTED_RACE_ETHNICITIES, REPORTED_SEXES } from '../src/fairness/adverse-impact.dto';
import { adverseImpact, type SamplePerson } from '../src/fairness/adverse-impact.math';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';

interface ShortlistItem {
  persona: { id: string };
  evaluationId: string;
  workstyle: { score: number };
  combined: { score: number } | null;
}

/** Who declares what (null: nothing), by persona index: cycled over the personas. */
const DECLARATIONS: ({ sex: string; raceEthnicity: string } | null)[] = [
  { sex: 'FEMALE', raceEthnicity: 'WHITE' },
  { sex: 'MALE', raceEthnicity: 'WHITE' },
  { sex: 'FEMALE', raceEthnicity: 'ASIAN' },
  { sex: 'MALE', raceEthnicity: 'BLACK_OR_AFRICAN_AMERICAN' },
  null,
  { sex: 'DECLINED', raceEthnicity: 'HISPANIC_OR_LATINO' },
  { sex: 'OTHER', raceEthnicity: 'DECLINED' },
];
/** Answers (q1, q2, q3 of the small questionnaire) by persona index: cycled, so scores vary and tie. */
const ANSWERS = [
  [5, 1, 5],
  [4, 2, 4],
  [3, 3, 3],
  [2, 4, 5],
  [1, 5, 1],
  [5, 5, 2],
  [2, 2, 4],
  [4, 1, 3],
];
const PERSONAS = 16;

/**
 * POST /algorithm/teams/:id/adverse-impact through the real evaluation and profile services on one
 * database: personas made and their demographics declared through the profile routes, evaluations
 * completed through the evaluation routes. The report must be the arithmetic of
 * adverse-impact.math.ts over exactly the shortlist (every page) and the declared demographics.
 */
describe('POST /algorithm/teams/:id/adverse-impact', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let profile: RunningTestService;
  let evaluation: RunningTestService;
  let contract: ResponseContract;
  const admin = () => `Bearer ${tokens.admin()}`;
  const personaIds: string[] = [];
  const evaluationIds: string[] = [];
  const t = { team: 0, other: 0, roleId: 0 };
  const q: number[] = [];
  /** The evaluation service's clock: a second per reading while the fixtures are made, then stopped (compare-team answers computedAt). */
  const clock = { at: Date.parse('2026-05-04T09:00:00.000Z'), ticking: true };

  const onEvaluation = (method: 'post' | 'get', path: string, body?: object, bearer = admin()) => {
    const call = request(evaluation.url)[method](path).set('authorization', bearer);
    return body === undefined ? call : call.send(body);
  };
  const report = (body: object, bearer = admin(), teamId = t.team) =>
    onEvaluation('post', `/algorithm/teams/${teamId}/adverse-impact`, body, bearer);
  const declare = (index: number, declaration: { sex: string; raceEthnicity: string }) =>
    request(profile.url)
      .put(`/persona/${personaIds[index]}/demographics`)
      .set(
        'authorization',
        // Even-numbered personas declare for themselves, the others through an administrator.
        index % 2 === 0
          ? `Bearer ${tokens.mint({ sub: personaIds[index] ?? '', kind: 'persona', emailAddress: `p${index}@example.test`, personaId: personaIds[index] ?? '' })}`
          : admin(),
      )
      .send({ ...declaration, consent: true })
      .expect(200);

  /** The whole shortlist, read a page of 5 at a time, and the demographics as the profile route answers them. */
  const expectedSample = async (filters: object): Promise<SamplePerson[]> => {
    const items: ShortlistItem[] = [];
    for (let page = 1; ; page += 1) {
      const body = (await onEvaluation('post', `/algorithm/teams/${t.team}/shortlist`, { ...filters, page, limit: 5 }).expect(200))
        .body as {
        items: ShortlistItem[];
        total: number;
      };
      items.push(...body.items);
      if (items.length >= body.total) break;
    }
    const people: SamplePerson[] = [];
    for (const item of items) {
      const declared = await request(profile.url).get(`/persona/${item.persona.id}/demographics`).set('authorization', admin());
      const found = declared.status === 200 ? (declared.body as { sex: string; raceEthnicity: string }) : null;
      if (declared.status !== 200) expect(declared.body.message).toBe('Demographics not found');
      people.push({
        score: item.combined?.score ?? item.workstyle.score,
        sex: found?.sex ?? null,
        raceEthnicity: found?.raceEthnicity ?? null,
      });
    }
    return people;
  };
  const categories = { sex: REPORTED_SEXES, raceEthnicity: REPORTED_RACE_ETHNICITIES };

  beforeAll(async () => {
    database = await createTestDatabase();
    const connection = openTestDatabase(database.url);
    try {
      const { q1, q2, q3 } = await seedSmallQuestionnaire(connection.db);
      q.push(q1, q2, q3);
    } finally {
      await connection.close();
    }
    profile = await startTestService('profile', profileAppModule, { databaseUrl: database.url, keys: tokens.keys });
    evaluation = await startTestService(
      'evaluation',
      (config) => evaluationAppModule(config, { now: () => new Date(clock.ticking ? (clock.at += 1_000) : clock.at) }),
      { databaseUrl: database.url, keys: tokens.keys },
    );
    contract = new ResponseContract(buildOpenApiDocument(evaluation.app, 'evaluation'));
    for (let index = 0; index < PERSONAS; index += 1) {
      const created = await request(profile.url)
        .post('/persona')
        .set('authorization', admin())
        .send({ user_id: randomUUID(), role: 'Engineer', description: `Person ${index}`, user: { firstName: `P${index}` } })
        .expect(201);
      personaIds.push(created.body.id as string);
    }
    // Two members; everyone else is a candidate scored against them.
    t.team = (await onEvaluation('post', '/algorithm/teams', { name: 'Audited', memberPersonaIds: personaIds.slice(0, 2) }).expect(201))
      .body.id as number;
    // Another team, for compare-team (which compares with a team other than the evaluation's own).
    t.other = (await onEvaluation('post', '/algorithm/teams', { name: 'Other', memberPersonaIds: personaIds.slice(2, 4) }).expect(201)).body
      .id as number;
    const industry = (await onEvaluation('post', '/algorithm/industries', { name: 'Banking' }).expect(201)).body.id as number;
    const spec = (await onEvaluation('post', '/algorithm/rolespecifications', { industry: { ids: [industry], priority: 1 } }).expect(201))
      .body.id as number;
    t.roleId = (
      await onEvaluation('post', '/algorithm/roles', {
        organisationId: null,
        title: 'Analyst',
        teamId: t.team,
        roleSpecificationId: spec,
        criteriaWeight: 1,
      }).expect(201)
    ).body.id as number;
    for (const [index, personaId] of personaIds.entries()) {
      const created = await onEvaluation('post', '/evaluation', { personaId, teamId: t.team }).expect(201);
      const id = created.body.id as string;
      evaluationIds.push(id);
      const values = ANSWERS[index % ANSWERS.length] ?? [];
      for (const [position, questionId] of q.entries())
        await onEvaluation('post', `/evaluation/${id}/answer`, { questionId, value: values[position], timeTaken: 4 }).expect(200);
    }
  }, 120_000);

  afterAll(async () => {
    await evaluation?.close();
    await profile?.close();
    await database?.drop();
  });

  it('declaring and then changing demographics changes no evaluation result, shortlist or comparison answer (byte for byte)', async () => {
    const answers = async (): Promise<string[]> => {
      const texts: string[] = [];
      for (const id of evaluationIds) texts.push((await onEvaluation('get', `/evaluation/${id}`).expect(200)).text);
      for (const body of [
        { limit: 100 },
        { roleId: t.roleId, roleWeight: 30, limit: 100 },
        { sort: 'workstyle', minScore: 10, page: 2, limit: 3 },
      ])
        texts.push((await onEvaluation('post', `/algorithm/teams/${t.team}/shortlist`, body).expect(200)).text);
      texts.push((await onEvaluation('post', `/evaluation/${evaluationIds[0]}/team-match`, { roleId: t.roleId }).expect(200)).text);
      texts.push(
        (await onEvaluation('post', `/evaluation/${evaluationIds[5]}/compare-team`, { algorithmTeamId: t.other }).expect(200)).text,
      );
      texts.push(
        (
          await onEvaluation('post', '/evaluation/compare', { evaluationIdA: evaluationIds[3], evaluationIdB: evaluationIds[7] }).expect(
            200,
          )
        ).text,
      );
      return texts;
    };
    clock.ticking = false;
    const before = await answers();
    const reportBefore = (await report({}).expect(200)).body;
    expect(reportBefore.sex.unknown).toBe(reportBefore.sampleSize);

    // Everyone declares the opposite of what they will end with, then changes it.
    for (const index of personaIds.keys()) await declare(index, { sex: index % 2 === 0 ? 'MALE' : 'FEMALE', raceEthnicity: 'ASIAN' });
    const changedAfterDeclaring = (await answers()).flatMap((text, index) => (text === before[index] ? [] : [`${index}: ${text}`]));
    expect(changedAfterDeclaring).toEqual([]);
    for (const index of personaIds.keys()) {
      const declaration = DECLARATIONS[index % DECLARATIONS.length];
      if (declaration) await declare(index, declaration);
      else await request(profile.url).delete(`/persona/${personaIds[index]}/demographics`).set('authorization', admin()).expect(204);
    }
    expect(await answers()).toEqual(before);
    // The report, and only the report, reads them.
    expect((await report({}).expect(200)).body).not.toEqual(reportBefore);
  });

  it('samples the whole shortlist (every page), scored by its sort score, joined to the declared demographics', async () => {
    const response = await report({}).expect(200);
    contract.assertMatches('POST', `/algorithm/teams/${t.team}/adverse-impact`, 200, response.body);
    const sample = await expectedSample({});
    // More people than a shortlist page holds by default: the report does not stop at one page.
    expect(sample.length).toBeGreaterThan(10);
    expect(response.body).toEqual({
      algorithmTeamId: t.team,
      teamName: 'Audited',
      roleId: null,
      score: 'workstyle',
      ...adverseImpact(sample, categories, null),
    });
    expect(response.body.sampleSize).toBe(PERSONAS);
    const unknownSex = DECLARATIONS.filter((declaration) => declaration === null || declaration.sex === 'DECLINED').length;
    expect(response.body.sex.unknown).toBeGreaterThanOrEqual(unknownSex);
    for (const group of [response.body.sex, response.body.raceEthnicity, response.body.intersections])
      for (const category of group.categories) expect(category.selection).toBeNull();
  });

  it('with roleId, roleWeight and a cutoff: the combined score, and selection rates at or above the cutoff', async () => {
    const filters = { roleId: t.roleId, roleWeight: 40 };
    const response = await report({ ...filters, cutoff: 50 }).expect(200);
    contract.assertMatches('POST', `/algorithm/teams/${t.team}/adverse-impact`, 200, response.body);
    expect(response.body).toEqual({
      algorithmTeamId: t.team,
      teamName: 'Audited',
      roleId: t.roleId,
      score: 'combined',
      ...adverseImpact(await expectedSample(filters), categories, 50),
    });
    expect(response.body.sex.categories.every((category: { selection: unknown }) => category.selection !== null)).toBe(true);
  });

  it("narrows the sample with the shortlist's filters, as the shortlist does", async () => {
    const filters = { personaIds: personaIds.slice(3, 12), minScore: 20 };
    const response = await report(filters).expect(200);
    const sample = await expectedSample(filters);
    expect(sample.length).toBeLessThan(PERSONAS);
    expect(response.body.sampleSize).toBe(sample.length);
    expect(response.body).toMatchObject(adverseImpact(sample, categories, null));
    const empty = await report({ personaIds: [randomUUID()] }).expect(200);
    expect(empty.body).toMatchObject({ sampleSize: 0, median: null });
    expect(empty.body.sex.categories[0].scoring).toEqual({ rate: null, impactRatio: null, fourFifthsFlag: false, reason: 'NO_PEOPLE' });
  });

  it('leaves an EXCLUDED result out of the sample, as out of the shortlist, unless includeExcluded', async () => {
    const excluded = evaluationIds[5] ?? '';
    await onEvaluation('post', `/evaluation/${excluded}/reviews`, { decision: 'EXCLUDED', reason: 'Not comparable' }).expect(201);
    const without = await report({}).expect(200);
    expect(without.body.sampleSize).toBe(PERSONAS - 1);
    expect(without.body).toMatchObject(adverseImpact(await expectedSample({}), categories, null));
    const withAll = await report({ includeExcluded: true }).expect(200);
    expect(withAll.body.sampleSize).toBe(PERSONAS);
    expect(withAll.body).toMatchObject(adverseImpact(await expectedSample({ includeExcluded: true }), categories, null));
    // A later review brings the result back, for the report as for the shortlist.
    await onEvaluation('post', `/evaluation/${excluded}/reviews`, { decision: 'CONFIRMED', reason: 'Comparable after all' }).expect(201);
    expect((await report({}).expect(200)).body.sampleSize).toBe(PERSONAS);
  });

  it('administrators only: another account and persona tokens are 403, no token 401', async () => {
    expect((await report({}, `Bearer ${tokens.account()}`).expect(403)).body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: expect.any(String),
    });
    const persona = tokens.mint({
      sub: personaIds[0] ?? '',
      kind: 'persona',
      emailAddress: 'p0@example.test',
      personaId: personaIds[0] ?? '',
    });
    await report({}, `Bearer ${persona}`).expect(403);
    await request(evaluation.url).post(`/algorithm/teams/${t.team}/adverse-impact`).send({}).expect(401);
  });

  it('refuses bad input with a 400 naming the field, and an unknown team with 404', async () => {
    const cases: [object, string][] = [
      [{ cutoff: 101 }, 'cutoff'],
      [{ cutoff: 'high' }, 'cutoff'],
      [{ cutoff: null }, 'cutoff'],
      [{ roleWeight: -1 }, 'roleWeight'],
      [{ page: 2 }, 'page'],
      [{ sort: 'role' }, 'sort'],
      [{ status: 'GONE' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const response = await report(body).expect(400);
      expect({ body, answer: response.body }).toEqual({
        body,
        answer: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) },
      });
    }
    expect((await report({}, admin(), 999_999).expect(404)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Team not found',
    });
  });
});
