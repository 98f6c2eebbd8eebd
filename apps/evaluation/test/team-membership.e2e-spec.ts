import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import request from 'supertest';
import { OrganisationFactory } from '../../organisation/test/organisation.fixture';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';
import { expectEveryExplanationRecomputes } from './explanation.fixture';

/**
 * A candidate who is a member of the team they are scored against: left out of the team context
 * unless the team's organisation has `includeMatchUserInTeam`. Every number is computed by hand
 * (docs/scoring.md) on the small questionnaire of small-questionnaire.fixture.ts: pace
 * (SUPPLEMENTARY) q1, q2 reverse-scored; drive (MAX_MEAN) q3; weight 1 each.
 *
 * Levels: member One answers (4, 2, 3): pace (4 + 6 - 2) / 2 = 4, drive 3. Member Two answers
 * (2, 4, 5): pace 2, drive 5. The candidate, a member of every team but the last, answers
 * (5, 1, 4) or (5, 1, 2).
 */
describe('includeMatchUserInTeam: the candidate in their own team context', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let connection: ReturnType<typeof openTestDatabase>;
  let clock = Date.parse('2026-05-04T09:00:00.000Z');
  const ids = { q1: 0, q2: 0, q3: 0, candidate: '', one: '', two: '' };
  const teams = { includes: 0, excludes: 0, noOrganisation: 0, otherIncludes: 0, otherExcludes: 0 };
  let includingOrganisation: string | undefined;

  const post = (path: string, body: object) => request(service.url).post(path).set('authorization', `Bearer ${tokens.admin()}`).send(body);

  /** Creates the persona's evaluation against the team and answers (q1, q2, q3); the last answer's body. */
  const complete = async (personaId: string, teamId: number, values: [number, number, number]) => {
    const id = (await post('/evaluation', { personaId, teamId }).expect(201)).body.id as string;
    let last: Record<string, unknown> = {};
    for (const [index, questionId] of [ids.q1, ids.q2, ids.q3].entries()) {
      last = (await post(`/evaluation/${id}/answer`, { questionId, value: values[index], timeTaken: 5 }).expect(200)).body as Record<
        string,
        unknown
      >;
    }
    return {
      id,
      results: last['results'] as {
        overallScore: number;
        teamSize: number;
        dimensions: Array<{ scorePercentage: number; detail: Record<string, unknown> }>;
      },
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    connection = openTestDatabase(database.url);
    Object.assign(ids, await seedSmallQuestionnaire(connection.db));
    const people = new PersonaFactory(connection.db);
    const [candidate, one, two] = [await people.named('Cand', 701), await people.named('One', 702), await people.named('Two', 703)];
    Object.assign(ids, { candidate: candidate.id, one: one.id, two: two.id });
    const organisations = new OrganisationFactory(connection.db);
    const includes = await organisations.create('Includes', { includeMatchUserInTeam: true });
    const excludes = await organisations.create('Excludes', { includeMatchUserInTeam: false });
    includingOrganisation = includes.id;

    // A clock that moves: "latest completed evaluation" must mean something.
    service = await startTestService('evaluation', (config) => evaluationAppModule(config, { now: () => new Date((clock += 1_000)) }), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    const team = async (name: string, organisationId: string | null | undefined, members: string[]) =>
      (await post('/algorithm/teams', { name, organisationId, memberPersonaIds: members }).expect(201)).body.id as number;
    teams.includes = await team('Includes', includes.id, [ids.candidate, ids.one]);
    teams.excludes = await team('Excludes', excludes.id, [ids.candidate, ids.one]);
    teams.noOrganisation = await team('Nobody', null, [ids.candidate, ids.one]);
    teams.otherIncludes = await team('Other includes', includes.id, [ids.candidate, ids.two]);
    teams.otherExcludes = await team('Other excludes', excludes.id, [ids.candidate, ids.two]);
    await complete(ids.one, teams.noOrganisation, [4, 2, 3]);
    await complete(ids.two, teams.noOrganisation, [2, 4, 5]);
  });

  afterAll(async () => {
    await connection?.close();
    await service?.close();
    await database?.drop();
  });

  const evaluations: Record<'includes' | 'excludes', string> = { includes: '', excludes: '' };

  it('left out by default and when the organisation says false: the results stored at completion', async () => {
    // The candidate answers (5, 1, 4) here: pace 5, drive 4. Team context {One}:
    // pace 100 * (1 - |5 - 4| / 4) = 75; drive norm(max(4, 3)) = 75; overall 75.
    for (const teamId of [teams.noOrganisation, teams.excludes]) {
      const { id, results } = await complete(ids.candidate, teamId, [5, 1, 4]);
      evaluations.excludes = id;
      expect(results.teamSize).toBe(1);
      expect(results.overallScore).toBe(75);
      expect(results.dimensions.map((dimension) => dimension.scorePercentage)).toEqual([75, 75]);
      expect(results.dimensions[0]?.detail).toEqual({ candidateLevel: 5, teamMean: 4, teamMin: 4, teamMax: 4, delta: 1 });
    }
  });

  it('included when the organisation says true: the results stored at completion count this very evaluation', async () => {
    // The candidate answers (5, 1, 2): pace 5, drive 2. Team context {Candidate by this
    // evaluation, One}: pace T = (5 + 4) / 2 = 4.5, 100 * (1 - 0.5 / 4) = 87.5; drive
    // norm(max(2, 2, 3)) = 50; overall 68.75. (By an earlier evaluation, drive 4, it would be
    // norm(4) = 75 and 81.25.)
    const { id, results } = await complete(ids.candidate, teams.includes, [5, 1, 2]);
    evaluations.includes = id;
    expect(results.teamSize).toBe(2);
    expect(results.overallScore).toBe(68.75);
    expect(results.dimensions.map((dimension) => dimension.scorePercentage)).toEqual([87.5, 50]);
    expect(results.dimensions[0]?.detail).toEqual({ candidateLevel: 5, teamMean: 4.5, teamMin: 4, teamMax: 5, delta: 0.5 });
  });

  it('team-match gives what was stored, both ways', async () => {
    const included = await post(`/evaluation/${evaluations.includes}/team-match`, {}).expect(200);
    expect(included.body.workstyle).toMatchObject({ score: 68.75, scoreCategory: 'high' });
    const excluded = await post(`/evaluation/${evaluations.excludes}/team-match`, {}).expect(200);
    expect(excluded.body.workstyle).toMatchObject({ score: 75, scoreCategory: 'high' });
  });

  it("compare-team follows the target team's organisation", async () => {
    // From the evaluation answered (5, 1, 4). Target {Candidate by their latest evaluation (pace 5,
    // drive 2), Two}, included: pace T = (5 + 2) / 2 = 3.5, 100 * (1 - 1.5 / 4) = 62.5; drive
    // norm(max(4, 2, 5)) = 100; overall 81.25.
    const included = await post(`/evaluation/${evaluations.excludes}/compare-team`, { algorithmTeamId: teams.otherIncludes }).expect(200);
    expect(included.body.workstyle).toMatchObject({ overallScore: 81.25, overallCategory: 'high' });
    expect(included.body.workstyle.dimensions.map((dimension: { scorePercentage: number }) => dimension.scorePercentage)).toEqual([
      62.5, 100,
    ]);
    // From the evaluation answered (5, 1, 2). Target {Two} alone: pace 100 * (1 - 3 / 4) = 25;
    // drive norm(max(2, 5)) = 100; overall 62.5.
    const excluded = await post(`/evaluation/${evaluations.includes}/compare-team`, { algorithmTeamId: teams.otherExcludes }).expect(200);
    expect(excluded.body.workstyle).toMatchObject({ overallScore: 62.5, overallCategory: 'medium' });
    expect(excluded.body.workstyle.dimensions.map((dimension: { scorePercentage: number }) => dimension.scorePercentage)).toEqual([
      25, 100,
    ]);
  });

  it('a candidate who is not a member is never added, whatever the organisation says', async () => {
    // Team {One} of the including organisation; candidate Two: pace 100 * (1 - |2 - 4| / 4) = 50,
    // drive norm(max(5, 3)) = 100; overall 75, one member.
    const solo = (
      await post('/algorithm/teams', { name: 'One alone', organisationId: includingOrganisation, memberPersonaIds: [ids.one] }).expect(201)
    ).body.id as number;
    const { results } = await complete(ids.two, solo, [2, 4, 5]);
    expect(results).toMatchObject({ overallScore: 75, teamSize: 1 });
  });
  it("every completed evaluation's explanation recomputes its stored result exactly (explanation.fixture.ts)", async () => {
    expect(await expectEveryExplanationRecomputes(service.url, database.url, tokens.admin())).toBeGreaterThan(0);
  });
});
