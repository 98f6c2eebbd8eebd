import { questionGroups, questions } from '@teamfit/assessment';
import { buildOpenApiDocument } from '@teamfit/common';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { ResponseContract, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { SCORE_TYPES } from '@teamfit/scoring';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { OrganisationFactory } from '../../organisation/test/organisation.fixture';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { type AdministratorExplanation, expectEveryExplanationRecomputes, recomputeFromExplanation } from './explanation.fixture';
import { type EvaluationExplanationDto, MIN_TEAM_SHOWN_TO_PERSONA } from '../src/explanations/evaluation-explanation.dto';

/**
 * GET /evaluation/:id/explanation (docs/fairness.md, "Explanations") over a varied set of
 * completions: every score type (TOP_TEN and CONFLICT with their item and sub-group inputs, a
 * faking item), members left out of and counted in their own team context, members who complete
 * again afterwards, members who answered an older questionnaire version, an empty team, and a
 * member erased afterwards. Every completed evaluation's explanation recomputes to the stored result
 * exactly, and the member profiles it names sum to the team inputs it shows.
 */
describe('explanations of stored results', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let connection: ReturnType<typeof openTestDatabase>;
  let client: Client;
  let contract: ResponseContract;
  let clock = Date.parse('2026-06-01T09:00:00.000Z');
  const people: Record<string, string> = {};
  const teams: Record<string, number> = {};
  let questionIds: number[] = [];

  const documented = (method: string, path: string) => (response: request.Response) =>
    contract.assertMatches(method, path, response.status, response.body);
  const post = (path: string, body: object) =>
    request(service.url).post(path).set('authorization', `Bearer ${tokens.admin()}`).send(body).expect(documented('POST', path));
  const explain = (id: string, token = tokens.admin()) =>
    request(service.url)
      .get(`/evaluation/${id}/explanation`)
      .set('authorization', `Bearer ${token}`)
      .expect(documented('GET', '/evaluation/{id}/explanation'));
  const personaToken = (personaId: string) =>
    tokens.mint({ sub: personaId, kind: 'persona', emailAddress: `${personaId}@example.test`, personaId });

  /** A deterministic spread of answers: each person and question its own value, with times 0-4 s. */
  const valueOf = (seed: number, position: number) => ((seed * 7 + position * 3 + ((seed * position) % 5)) % 5) + 1;
  const complete = async (personaId: string, teamId: number, seed: number): Promise<string> => {
    const id = (await post('/evaluation', { personaId, teamId }).expect(201)).body.id as string;
    const served = await request(service.url).get(`/evaluation/${id}/questions`).set('authorization', `Bearer ${tokens.admin()}`);
    const ids = (served.body.items as Array<{ id: number }>).map((item) => item.id);
    for (const [position, questionId] of ids.entries()) {
      await post(`/evaluation/${id}/answer`, { questionId, value: valueOf(seed, position), timeTaken: (seed + position) % 5 }).expect(200);
    }
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    connection = openTestDatabase(database.url);
    client = new Client({ connectionString: database.url });
    await client.connect();
    // Every score type, in this order; TOP_TEN with five items, CONFLICT with two styles, one faking item.
    const groups = await connection.db
      .insert(questionGroups)
      .values(SCORE_TYPES.map((scoreType) => ({ name: `g-${scoreType}`, title: scoreType, strapline: scoreType, scoreType })))
      .returning({ id: questionGroups.id, scoreType: questionGroups.scoreType });
    const rows = groups.flatMap((group) => {
      const count = group.scoreType === 'TOP_TEN' ? 5 : group.scoreType === 'CONFLICT' ? 4 : 2;
      return Array.from({ length: count }, (_x, index) => ({
        questionGroupId: group.id,
        orderIndex: index,
        text: `${group.scoreType} ${index}`,
        type: 'LIKERT' as const,
        likertAnswerSet: 'agree' as const,
        reverseScore: index % 2 === 1,
        faking: group.scoreType === 'MIN_MEAN' && index === 1,
        metadata: group.scoreType === 'CONFLICT' ? (index < 2 ? 'competing' : 'avoiding') : null,
      }));
    });
    questionIds = (await connection.db.insert(questions).values(rows).returning({ id: questions.id })).map((row) => row.id);
    const factory = new PersonaFactory(connection.db);
    for (const [index, name] of ['a', 'b', 'c', 'd', 'e', 'candidate', 'other'].entries())
      people[name] = (await factory.named(name, 900 + index)).id;
    const includes = await new OrganisationFactory(connection.db).create('Includes', { includeMatchUserInTeam: true });

    service = await startTestService('evaluation', (config) => evaluationAppModule(config, { now: () => new Date((clock += 1_000)) }), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    contract = new ResponseContract(buildOpenApiDocument(service.app, 'evaluation'));
    const team = async (name: string, members: string[], organisationId?: string) =>
      (await post('/algorithm/teams', { name, memberPersonaIds: members, ...(organisationId ? { organisationId } : {}) }).expect(201)).body
        .id as number;
    teams['plain'] = await team('Plain', [people['a'] ?? '', people['b'] ?? '', people['c'] ?? '', people['candidate'] ?? '']);
    teams['includes'] = await team('Includes', [people['a'] ?? '', people['d'] ?? '', people['candidate'] ?? ''], includes.id);
    teams['empty'] = await team('Empty', []);
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await connection?.close();
    await service?.close();
    await database?.drop();
  });

  let first: string;

  it('explains a member completing against an empty team context and a candidate against three members, each recomputing exactly', async () => {
    first = await complete(people['a'] ?? '', teams['plain'] ?? 0, 1);
    await complete(people['b'] ?? '', teams['plain'] ?? 0, 2);
    await complete(people['c'] ?? '', teams['plain'] ?? 0, 3);
    const candidate = await complete(people['candidate'] ?? '', teams['plain'] ?? 0, 4);
    const { body } = (await explain(candidate).expect(200)) as { body: AdministratorExplanation };
    expect(body.scoringVersion).toBe('ws-1');
    expect(body.team.teamSize).toBe(3);
    // The candidate is a member, left out of their own team context: a, b and c count.
    expect(body.team.profiles).toHaveLength(3);
    expect(body.answers).toHaveLength(questionIds.length);
    expect(body.dimensions.map((d) => d.scoreType)).toEqual([...SCORE_TYPES]);
    const topTen = body.dimensions.find((d) => d.scoreType === 'TOP_TEN');
    expect(topTen?.team.items).toHaveLength(5);
    expect(topTen?.team.items.every((item) => item.count === 3)).toBe(true);
    expect(body.dimensions.find((d) => d.scoreType === 'CONFLICT')?.team.subGroups.map((s) => s.name)).toEqual(['avoiding', 'competing']);
    expect(body.dimensions.find((d) => d.scoreType === 'SUPPLEMENTARY')?.team.memberLevels.counts.reduce((a, b) => a + b, 0)).toBe(3);
    const contributions = body.dimensions.reduce((sum, d) => sum + d.contribution, 0);
    expect(Math.abs(contributions - body.result.overallScore)).toBeLessThan(0.006);
    expect(recomputeFromExplanation(body)).toEqual(body.result);

    const alone = (await explain(first).expect(200)).body as AdministratorExplanation;
    expect(alone.team).toEqual({ teamSize: 0, profiles: [], withheld: null });
    expect(alone.dimensions.every((d) => d.team.memberLevels.values.length === 0)).toBe(true);
  });

  it('names the completing evaluation itself when its organisation counts the candidate, and keeps what counted when members complete again', async () => {
    await complete(people['d'] ?? '', teams['includes'] ?? 0, 5);
    const counted = await complete(people['candidate'] ?? '', teams['includes'] ?? 0, 6);
    const { body } = (await explain(counted).expect(200)) as { body: AdministratorExplanation };
    expect(body.team.profiles.map((p) => p.evaluationId)).toContain(counted);
    expect(body.team.teamSize).toBe(3);
    // a and d complete again: the explanation above still names the profiles that counted then.
    await complete(people['a'] ?? '', teams['empty'] ?? 0, 7);
    await complete(people['d'] ?? '', teams['includes'] ?? 0, 8);
    expect((await explain(counted).expect(200)).body).toEqual(body);
    // Completing again against the team that leaves them out: their stored profile (`counted`) is not named.
    const again = await complete(people['candidate'] ?? '', teams['plain'] ?? 0, 11);
    const left = (await explain(again).expect(200)).body as AdministratorExplanation;
    expect(left.team.profiles.map((p) => p.evaluationId)).not.toContain(counted);
    expect(left.team).toMatchObject({ teamSize: 3, profiles: expect.any(Array) });
    expect(left.team.profiles).toHaveLength(3);
  });

  it('explains a candidate on a new questionnaire version against members who answered the older one', async () => {
    const [group] = await connection.db
      .insert(questionGroups)
      .values({ name: 'late', title: 'Late', strapline: 'Added later', scoreType: 'SUPPLEMENTARY' })
      .returning({ id: questionGroups.id });
    await connection.db.insert(questions).values({
      questionGroupId: group?.id ?? 0,
      orderIndex: 0,
      text: 'Added later',
      type: 'LIKERT',
      likertAnswerSet: 'agree',
      reverseScore: false,
      faking: false,
    });
    const late = await complete(people['e'] ?? '', teams['plain'] ?? 0, 9);
    const { body } = (await explain(late).expect(200)) as { body: AdministratorExplanation };
    const versions = new Set(body.team.profiles.map((p) => p.questionnaireVersionId));
    expect(versions.size).toBe(1);
    expect(versions.has(body.questionnaireVersion.id)).toBe(false);
    expect(body.dimensions.at(-1)?.team.memberLevels).toEqual({ values: [], counts: [] });
  });

  it('lets the persona read its own explanation; another persona, a non-admin account 403; incomplete and pre-recording 409; unknown 404; loose id 400', async () => {
    const own = (
      await request(service.url)
        .get('/evaluation')
        .query({ personaId: people['candidate'] })
        .set('authorization', `Bearer ${tokens.admin()}`)
    ).body.items as Array<{ id: string; status: string }>;
    const completed = own.find((item) => item.status === 'complete')?.id ?? '';
    // The persona's own view: no member's evaluation ids, and a small team's inputs withheld.
    const full = (await explain(completed).expect(200)).body as AdministratorExplanation;
    const mine = (await explain(completed, personaToken(people['candidate'] ?? '')).expect(200)).body as EvaluationExplanationDto;
    expect(full.team.teamSize).toBeLessThan(MIN_TEAM_SHOWN_TO_PERSONA);
    expect(mine.team).toEqual({ teamSize: full.team.teamSize, profiles: null, withheld: 'TEAM_TOO_SMALL' });
    expect(mine.dimensions.map((dimension) => dimension.team)).toEqual(full.dimensions.map(() => null));
    expect(mine.dimensions.map((dimension) => dimension.contribution)).toEqual(full.dimensions.map((dimension) => dimension.contribution));
    expect(mine.result).toEqual(full.result);
    // Five members with completed evaluations: the persona reads the team's inputs, still without their ids.
    const large = (
      await post('/algorithm/teams', {
        name: 'Large',
        memberPersonaIds: ['a', 'b', 'c', 'd', 'e'].map((name) => people[name] ?? ''),
      }).expect(201)
    ).body.id as number;
    const inLarge = await complete(people['candidate'] ?? '', large, 12);
    const largeFull = (await explain(inLarge).expect(200)).body as AdministratorExplanation;
    const largeMine = (await explain(inLarge, personaToken(people['candidate'] ?? '')).expect(200)).body as EvaluationExplanationDto;
    expect(largeFull.team.teamSize).toBe(MIN_TEAM_SHOWN_TO_PERSONA);
    expect(largeMine.team).toEqual({ teamSize: MIN_TEAM_SHOWN_TO_PERSONA, profiles: null, withheld: null });
    expect(largeMine.dimensions).toEqual(largeFull.dimensions);
    const other = await explain(completed, personaToken(people['other'] ?? '')).expect(403);
    expect(other.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'This evaluation belongs to another persona' });
    const account = await explain(completed, tokens.account()).expect(403);
    expect(account.body.message).toBe('Only administrators and the persona itself read an explanation');

    const pending = (await post('/evaluation', { personaId: people['other'], teamId: teams['plain'] }).expect(201)).body.id as string;
    const incomplete = await explain(pending).expect(409);
    expect(incomplete.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'The evaluation is not complete: there is no result to explain yet',
    });
    // Completed before explanations were recorded: as the migration leaves earlier completions.
    const older = await complete(people['other'] ?? '', teams['empty'] ?? 0, 10);
    await client.query('DELETE FROM evaluation.evaluation_explanations WHERE evaluation_id = $1', [older]);
    expect((await explain(older).expect(409)).body.message).toBe(
      'The evaluation was completed before explanations were recorded: its team context at completion is not known',
    );
    expect((await explain(randomUUID()).expect(404)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Evaluation not found',
    });
    for (const loose of ['1', 'abc', `${randomUUID()}x`]) {
      const bad = await request(service.url)
        .get(`/evaluation/${loose}/explanation`)
        .set('authorization', `Bearer ${tokens.admin()}`)
        .expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    // Later checks skip it: recreate nothing, just remember it.
    preRecording.push(older);
  });

  const preRecording: string[] = [];

  it('still explains every result after a member is erased: the explanation keeps the inputs, not the member', async () => {
    await client.query(
      'DELETE FROM evaluation.evaluation_answers WHERE evaluation_id IN (SELECT id FROM evaluation.evaluations WHERE persona_id = $1)',
      [people['b']],
    );
    await client.query('DELETE FROM evaluation.evaluation_score_profiles WHERE persona_id = $1', [people['b']]);
    await client.query('DELETE FROM evaluation.evaluations WHERE persona_id = $1', [people['b']]);
    const checked = await expectEveryExplanationRecomputes(service.url, database.url, tokens.admin(), preRecording);
    expect(checked).toBe(10);
  });
});
