import { organisations } from '@teamfit/accounts';
import { questionGroups, questions } from '@teamfit/assessment';
import { buildOpenApiDocument } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { personas, type PersonaRole, type PersonaStatus } from '@teamfit/personas';
import { ResponseContract, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { type DimensionResult, scoreReasons } from '@teamfit/scoring';
import { ObjectId } from 'bson';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { expectEveryExplanationRecomputes } from './explanation.fixture';

/**
 * POST /algorithm/teams/:id/shortlist against the running service and a real PostgreSQL. A small
 * questionnaire of four dimensions (pace SUPPLEMENTARY, drive MAX_MEAN, care COMPLEMENTARY,
 * focus MIN_MEAN; one item each, so a level is the value given) keeps every number checkable.
 * Every item of a shortlist is checked against team-match (evaluations on the team itself) or
 * compare-team (evaluations on another team) for the same evaluation and role.
 */
interface Item {
  persona: { id: string; name: string | null; role: string | null };
  evaluationId: string;
  completedAt: string;
  workstyle: { score: number; scoreCategory: string };
  roleMatch: { score?: number } | null;
  combined: { score: number } | null;
  reasons: { raising: unknown[]; lowering: unknown[] };
}

describe('POST /algorithm/teams/:id/shortlist', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let client: Client;
  let contract: ResponseContract;
  let clock = Date.parse('2026-05-04T09:00:00.000Z');
  const questionIds: number[] = [];
  const people: Record<string, { id: string; userNumber: number }> = {};
  /** Which team each evaluation was made against, to ask team-match or compare-team. */
  const teamOf = new Map<string, number>();
  const t = { team: 0, other: 0, roleId: 0 };

  const documented = (path: string) => (response: request.Response) => contract.assertMatches('POST', path, response.status, response.body);
  const post = (path: string, body: object, token = tokens.admin()) =>
    request(service.url).post(path).set('authorization', `Bearer ${token}`).send(body);
  const shortlist = (body: object, token = tokens.account()) =>
    post(`/algorithm/teams/${t.team}/shortlist`, body, token).expect(documented(`/algorithm/teams/${t.team}/shortlist`));

  /** Creates the persona's evaluation against the team and answers it; the evaluation id. */
  const complete = async (who: string, teamId: number, values: readonly number[], answered = values.length) => {
    const id = (await post('/evaluation', { personaId: people[who]?.id, teamId }).expect(201)).body.id as string;
    teamOf.set(id, teamId);
    for (const [index, questionId] of questionIds.slice(0, answered).entries())
      await post(`/evaluation/${id}/answer`, { questionId, value: values[index], timeTaken: 5 }).expect(200);
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const db = drizzle({ client });
    const groups = await db
      .insert(questionGroups)
      .values(
        (['SUPPLEMENTARY', 'MAX_MEAN', 'COMPLEMENTARY', 'MIN_MEAN'] as const).map((scoreType, index) => ({
          name: `g${index}`,
          title: `G${index}`,
          strapline: 's',
          scoreType,
        })),
      )
      .returning({ id: questionGroups.id });
    const inserted = await db
      .insert(questions)
      .values(
        groups.map((group, index) => ({
          type: 'LIKERT' as const,
          likertAnswerSet: 'agree' as const,
          faking: false,
          questionGroupId: group.id,
          orderIndex: 0,
          text: `Q${index}.`,
          reverseScore: false,
        })),
      )
      .returning({ id: questions.id });
    questionIds.push(...inserted.map((row) => row.id));
    const persona = (name: string, userNumber: number, status: PersonaStatus, roles: PersonaRole[]) => ({
      userId: randomUUID(),
      userNumber,
      userFirstName: name,
      userLastName: 'Doe',
      role: `${name} title`,
      roles,
      status,
      description: name,
    });
    const rows = await db
      .insert(personas)
      .values([
        persona('M1', 801, 'ACTIVE', ['EMPLOYEE']),
        persona('M2', 802, 'ACTIVE', ['EMPLOYEE']),
        persona('C1', 803, 'ACTIVE', ['CANDIDATE']),
        persona('C2', 804, 'PENDING', ['CANDIDATE']),
        persona('C3', 805, 'BLOCKED', ['CANDIDATE', 'HR']),
        persona('C4', 806, 'ACTIVE', ['CANDIDATE']),
        persona('Half', 807, 'ACTIVE', ['CANDIDATE']),
      ])
      .returning({ id: personas.id, userNumber: personas.userNumber, name: personas.userFirstName });
    for (const row of rows) people[row.name ?? ''] = { id: row.id, userNumber: row.userNumber };

    service = await startTestService('evaluation', (config) => evaluationAppModule(config, { now: () => new Date((clock += 1_000)) }), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    contract = new ResponseContract(buildOpenApiDocument(service.app, 'evaluation'));
    const team = async (name: string, members: string[]) =>
      (await post('/algorithm/teams', { name, memberPersonaIds: members }).expect(201)).body.id as number;
    // M1, M2 and C1 are members of the team: each is scored against the others.
    t.team = await team('Team', [people['M1']?.id ?? '', people['M2']?.id ?? '', people['C1']?.id ?? '']);
    t.other = await team('Other', [people['M1']?.id ?? '']);
    const industry = (await post('/algorithm/industries', { name: 'Banking' }).expect(201)).body.id as number;
    const spec = (await post('/algorithm/rolespecifications', { industry: { ids: [industry], priority: 1 } }).expect(201)).body
      .id as number;
    t.roleId = (
      await post('/algorithm/roles', {
        organisationId: null,
        title: 'Analyst',
        teamId: t.team,
        roleSpecificationId: spec,
        criteriaWeight: 1,
      }).expect(201)
    ).body.id as number;
    await request(service.url)
      .put('/algorithm/userexperiences/804')
      .set('authorization', `Bearer ${tokens.admin()}`)
      .send({ industryIds: [industry] });

    await complete('M1', t.team, [4, 3, 2, 5]);
    await complete('M2', t.team, [2, 5, 4, 3]);
    await complete('C1', t.team, [1, 1, 1, 1]); // an older evaluation: the newer one below counts
    await complete('C1', t.other, [5, 4, 3, 2]);
    await complete('C2', t.other, [3, 3, 3, 3]);
    await complete('C3', t.other, [4, 4, 2, 5]);
    await complete('C4', t.other, [4, 4, 2, 5]); // ties C3's scores: the later completion goes first
    await complete('Half', t.other, [4, 4, 4, 4], 3); // not completed: never listed
  });

  afterAll(async () => {
    await client?.end();
    await service?.close();
    await database?.drop();
  });

  /** What team-match or compare-team answers for the same evaluation, in the shortlist's shape. */
  const direct = async (item: Item, roleId?: number, roleWeight?: number) => {
    const options = { ...(roleId === undefined ? {} : { roleId }), ...(roleWeight === undefined ? {} : { roleWeight }) };
    if (teamOf.get(item.evaluationId) === t.team) {
      const body = (await post(`/evaluation/${item.evaluationId}/team-match`, options).expect(200)).body as {
        workstyle: { score: number; scoreCategory: string; dimensions: DimensionResult[] };
        roleMatch: unknown;
        combined: unknown;
      };
      return {
        score: body.workstyle.score,
        scoreCategory: body.workstyle.scoreCategory,
        dimensions: body.workstyle.dimensions,
        roleMatch: body.roleMatch,
        combined: body.combined,
      };
    }
    const body = (await post(`/evaluation/${item.evaluationId}/compare-team`, { algorithmTeamId: t.team, ...options }).expect(200))
      .body as {
      workstyle: { overallScore: number; overallCategory: string; dimensions: DimensionResult[] };
      roleMatch: unknown;
      combined: unknown;
    };
    return {
      score: body.workstyle.overallScore,
      scoreCategory: body.workstyle.overallCategory,
      dimensions: body.workstyle.dimensions,
      roleMatch: body.roleMatch,
      combined: body.combined,
    };
  };

  it('lists every persona with a completed evaluation, by its latest, each scored as team-match and compare-team score it', async () => {
    const response = await shortlist({ roleId: t.roleId, roleWeight: 30, limit: 100 }).expect(200);
    const items = response.body.items as Item[];
    expect(response.body).toMatchObject({
      algorithmTeamId: t.team,
      teamName: 'Team',
      roleId: t.roleId,
      sort: 'combined',
      page: 1,
      limit: 100,
      total: 6,
    });
    expect(items.map((item) => item.persona.id).sort()).toEqual(
      ['M1', 'M2', 'C1', 'C2', 'C3', 'C4'].map((name) => people[name]?.id).sort(),
    );
    const c1 = items.find((item) => item.persona.id === people['C1']?.id);
    expect(teamOf.get(c1?.evaluationId ?? '')).toBe(t.other);
    expect(c1?.persona).toEqual({ id: people['C1']?.id, name: 'C1 Doe', role: 'C1 title' });
    for (const item of items) {
      const expected = await direct(item, t.roleId, 30);
      expect(item.workstyle).toEqual({ score: expected.score, scoreCategory: expected.scoreCategory });
      expect(item.roleMatch).toEqual(expected.roleMatch);
      expect(item.combined).toEqual(expected.combined);
      expect(item.reasons).toEqual(scoreReasons({ overallScore: expected.score, dimensions: expected.dimensions }));
    }
    // C2 has the matching experience record: a role score of its own.
    expect(items.find((item) => item.persona.id === people['C2']?.id)?.roleMatch?.score).toBeGreaterThan(0);
  });

  it("counts members in their own team's context when the organisation includes them, as team-match does", async () => {
    const memberIds = ['M1', 'M2', 'C1'].map((name) => people[name]?.id ?? '');
    const scoresOf = async () =>
      new Map(((await shortlist({ personaIds: memberIds }).expect(200)).body.items as Item[]).map((item) => [item.persona.id, item]));
    const without = await scoresOf();
    const [organisation] = await drizzle({ client })
      .insert(organisations)
      .values({ objectId: new ObjectId().toHexString(), name: 'Includes', urlName: 'includes', includeMatchUserInTeam: true })
      .returning({ id: organisations.id });
    await request(service.url)
      .put(`/algorithm/teams/${t.team}`)
      .set('authorization', `Bearer ${tokens.admin()}`)
      .send({ organisationId: organisation?.id })
      .expect(200);
    try {
      const included = await scoresOf();
      const m1 = people['M1']?.id ?? '';
      expect(included.get(m1)?.workstyle.score).not.toBe(without.get(m1)?.workstyle.score);
      for (const item of included.values()) expect(item.workstyle.score).toBe((await direct(item)).score);
    } finally {
      await request(service.url)
        .put(`/algorithm/teams/${t.team}`)
        .set('authorization', `Bearer ${tokens.admin()}`)
        .send({ organisationId: null })
        .expect(200);
    }
  });

  it('ranks by score, then the most recent completion, then persona id; pages are slices of that order', async () => {
    const all = (await shortlist({ sort: 'workstyle', limit: 100 }).expect(200)).body.items as Item[];
    for (const [index, item] of all.entries()) {
      const next = all[index + 1];
      if (!next) break;
      expect(item.workstyle.score).toBeGreaterThanOrEqual(next.workstyle.score);
      if (item.workstyle.score === next.workstyle.score)
        expect(item.completedAt > next.completedAt || (item.completedAt === next.completedAt && item.persona.id < next.persona.id)).toBe(
          true,
        );
    }
    const c3 = all.findIndex((item) => item.persona.id === people['C3']?.id);
    const c4 = all.findIndex((item) => item.persona.id === people['C4']?.id);
    expect(all[c3]?.workstyle.score).toBe(all[c4]?.workstyle.score);
    expect(c4).toBe(c3 - 1);
    const second = await shortlist({ sort: 'workstyle', page: 2, limit: 2 }).expect(200);
    expect(second.body.total).toBe(6);
    expect(second.body.items).toEqual(all.slice(2, 4));
    expect((await shortlist({ sort: 'workstyle', page: 4, limit: 2 }).expect(200)).body.items).toEqual([]);
    // Without a role the combined sort is the workstyle sort, and no role field is filled in.
    const combined = (await shortlist({ limit: 100 }).expect(200)).body.items as Item[];
    expect(combined).toEqual(all);
    expect(combined.every((item) => item.roleMatch === null && item.combined === null)).toBe(true);
  });

  it('filters: persona ids, status, typed role, completion date, minimum score', async () => {
    const ids = (body: object) =>
      shortlist({ ...body, limit: 100 })
        .expect(200)
        .then((response) => (response.body.items as Item[]).map((item) => item.persona.id).sort());
    const of = (...names: string[]) => names.map((name) => people[name]?.id).sort();
    expect(await ids({ personaIds: of('C2', 'M1', 'Half') })).toEqual(of('C2', 'M1'));
    expect(await ids({ status: 'PENDING' })).toEqual(of('C2'));
    expect(await ids({ role: 'HR' })).toEqual(of('C3'));
    expect(await ids({ role: 'CANDIDATE', status: 'ACTIVE' })).toEqual(of('C1', 'C4'));
    const all = (await shortlist({ sort: 'workstyle', limit: 100 }).expect(200)).body.items as Item[];
    const c2 = all.find((item) => item.persona.id === people['C2']?.id);
    expect(await ids({ completedAfter: c2?.completedAt })).toEqual(of('C3', 'C4'));
    const threshold = all[2]?.workstyle.score ?? 0;
    const above = await shortlist({ sort: 'workstyle', minScore: threshold, limit: 100 }).expect(200);
    expect(above.body.items).toEqual(all.filter((item) => item.workstyle.score >= threshold));
    expect(above.body.total).toBe(above.body.items.length);
    // Members are scored without themselves, whatever the filter: M1 alone gives what it gives in the full list.
    expect((await shortlist({ personaIds: of('M1') }).expect(200)).body.items).toEqual(
      all.filter((item) => item.persona.id === people['M1']?.id),
    );
  });

  it('sorts by role score, with the role of the request', async () => {
    const items = (await shortlist({ roleId: t.roleId, sort: 'role', limit: 100 }).expect(200)).body.items as Item[];
    expect(items[0]?.persona.id).toBe(people['C2']?.id);
    const scores = items.map((item) => item.roleMatch?.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('unknown team 404, persona token 403, no token 401, bad filters 400 naming the field', async () => {
    const unknown = await post('/algorithm/teams/999999/shortlist', {}, tokens.account()).expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Team not found' });
    const persona = tokens.mint({
      sub: people['C1']?.id ?? '',
      kind: 'persona',
      emailAddress: 'c1@example.test',
      personaId: people['C1']?.id ?? '',
    });
    await post(`/algorithm/teams/${t.team}/shortlist`, {}, persona).expect(403);
    await request(service.url).post(`/algorithm/teams/${t.team}/shortlist`).send({}).expect(401);
    const cases: Array<[object, string]> = [
      [{ limit: 101 }, 'limit'],
      [{ page: 0 }, 'page'],
      [{ status: 'GONE' }, 'status'],
      [{ role: 'engineer' }, 'role'],
      [{ personaIds: ['nope'] }, 'personaIds'],
      [{ personaIds: 'nope' }, 'personaIds'],
      [{ completedAfter: 'yesterday' }, 'completedAfter'],
      [{ minScore: 101 }, 'minScore'],
      [{ minScore: null }, 'minScore'],
      [{ roleWeight: -1 }, 'roleWeight'],
      [{ sort: 'name' }, 'sort'],
      [{ sort: 'role' }, 'roleId'],
      [{ roleId: 999999 }, 'roleId'],
      [{ unknownFilter: 1 }, 'unknownFilter'],
    ];
    for (const [body, field] of cases) {
      const response = await shortlist(body).expect(400);
      expect(String(response.body.message)).toContain(field);
    }
    await post('/algorithm/teams/abc/shortlist', {}, tokens.account()).expect(400);
  });

  it('a completing candidate is listed with its whole evaluation or not at all while answers complete concurrently', async () => {
    const names = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'];
    const rows = await drizzle({ client })
      .insert(personas)
      .values(
        names.map((name, index) => ({
          userId: randomUUID(),
          userNumber: 900 + index,
          userFirstName: name,
          role: 'r',
          description: name,
          status: 'ACTIVE' as const,
        })),
      )
      .returning({ id: personas.id, userNumber: personas.userNumber, name: personas.userFirstName });
    for (const row of rows) people[row.name ?? ''] = { id: row.id, userNumber: row.userNumber };
    const values = [5, 1, 3, 4];
    const pending = await Promise.all(names.map((name) => complete(name, t.other, values, 3)));
    const before = (await shortlist({ sort: 'workstyle', limit: 100 }).expect(200)).body.total as number;
    const finals = pending.map((id) =>
      post(`/evaluation/${id}/answer`, { questionId: questionIds[3], value: values[3], timeTaken: 5 }).expect(200),
    );
    const lists = Array.from({ length: 8 }, () => shortlist({ personaIds: rows.map((row) => row.id), limit: 100 }).expect(200));
    const [answers, seen] = await Promise.all([Promise.all(finals), Promise.all(lists)]);
    expect(answers).toHaveLength(names.length);
    // Every P answered the same: one score for all, the same in every list where they appear.
    const settled = (await shortlist({ personaIds: rows.map((row) => row.id), limit: 100 }).expect(200)).body.items as Item[];
    expect(settled).toHaveLength(names.length);
    const expected = await direct(settled[0] as Item);
    for (const list of seen) {
      for (const item of list.body.items as Item[]) {
        expect(pending).toContain(item.evaluationId);
        expect(item.workstyle.score).toBe(expected.score);
      }
    }
    expect((await shortlist({ limit: 100 }).expect(200)).body.total).toBe(before + names.length);
  });
  it("every completed evaluation's explanation recomputes its stored result exactly (explanation.fixture.ts)", async () => {
    expect(await expectEveryExplanationRecomputes(service.url, database.url, tokens.admin())).toBeGreaterThan(0);
  });
});
