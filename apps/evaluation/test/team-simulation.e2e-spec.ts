import { questionGroups, questions } from '@teamfit/assessment';
import { buildOpenApiDocument } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { personas } from '@teamfit/personas';
import { ResponseContract, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { expectEveryExplanationRecomputes } from './explanation.fixture';

/**
 * POST /algorithm/teams/:id/simulate, every number by hand (docs/scoring.md "What-if team").
 * Questionnaire: pace (SUPPLEMENTARY) q1; conflict (CONFLICT) q2 `competing`, q3 `avoiding`;
 * weights 1 (50 % each). Answers (q1, q2, q3) and levels (pace; competing, avoiding → conflict):
 * A (4, 5, 1): 4; 5, 1 → 3. B (2, 3, 3): 2; 3, 3 → 3. C (5, 1, 5): 5; 1, 5 → 3.
 * D (3, 2, 4): 3; 2, 4 → 3. The team is A, B, C; the simulation adds D and removes C.
 */
describe('POST /algorithm/teams/:id/simulate', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let client: Client;
  let contract: ResponseContract;
  const ids: Record<string, string> = {};
  const q: number[] = [];
  let teamId = 0;
  const evaluations: Record<string, string> = {};

  const post = (path: string, body: object, token = tokens.admin()) =>
    request(service.url).post(path).set('authorization', `Bearer ${token}`).send(body);
  const simulate = (body: object, token = tokens.account()) =>
    post(`/algorithm/teams/${teamId}/simulate`, body, token).expect((response) =>
      contract.assertMatches('POST', `/algorithm/teams/${teamId}/simulate`, response.status, response.body),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const db = drizzle({ client });
    const [pace, conflict] = await db
      .insert(questionGroups)
      .values([
        { name: 'pace', title: 'Pace', strapline: 's', scoreType: 'SUPPLEMENTARY' },
        { name: 'conflict', title: 'Conflict', strapline: 's', scoreType: 'CONFLICT' },
      ])
      .returning({ id: questionGroups.id });
    const common = { type: 'LIKERT' as const, likertAnswerSet: 'agree' as const, faking: false, reverseScore: false };
    const rows = await db
      .insert(questions)
      .values([
        { ...common, questionGroupId: pace?.id ?? 0, orderIndex: 0, text: 'Quick tempo.' },
        { ...common, questionGroupId: conflict?.id ?? 0, orderIndex: 0, text: 'I push my view.', metadata: 'competing' },
        { ...common, questionGroupId: conflict?.id ?? 0, orderIndex: 1, text: 'I let it go.', metadata: 'avoiding' },
      ])
      .returning({ id: questions.id });
    q.push(...rows.map((row) => row.id));
    const people = await db
      .insert(personas)
      .values(
        ['A', 'B', 'C', 'D', 'E'].map((name, index) => ({
          userId: randomUUID(),
          userNumber: 950 + index,
          userFirstName: name,
          role: 'r',
          description: name,
        })),
      )
      .returning({ id: personas.id, name: personas.userFirstName });
    for (const person of people) ids[person.name ?? ''] = person.id;
    service = await startTestService('evaluation', evaluationAppModule, { databaseUrl: database.url, keys: tokens.keys });
    contract = new ResponseContract(buildOpenApiDocument(service.app, 'evaluation'));
    teamId = (await post('/algorithm/teams', { name: 'Trio', memberPersonaIds: [ids['A'], ids['B'], ids['C']] }).expect(201)).body
      .id as number;
    const elsewhere = (await post('/algorithm/teams', { name: 'Elsewhere', memberPersonaIds: [] }).expect(201)).body.id as number;
    const answers: Record<string, [number, number, number]> = { A: [4, 5, 1], B: [2, 3, 3], C: [5, 1, 5], D: [3, 2, 4] };
    for (const [name, values] of Object.entries(answers)) {
      const id = (await post('/evaluation', { personaId: ids[name], teamId: name === 'D' ? elsewhere : teamId }).expect(201)).body
        .id as string;
      evaluations[name] = id;
      for (const [index, questionId] of q.entries())
        await post(`/evaluation/${id}/answer`, { questionId, value: values[index] }).expect(200);
    }
  });

  afterAll(async () => {
    await client?.end();
    await service?.close();
    await database?.drop();
  });

  it('the team before and after, per dimension, and each member’s fit to the others', async () => {
    const response = await simulate({ addPersonaIds: [ids['D']], removePersonaIds: [ids['C']] }).expect(200);
    const { before, after, members } = response.body;
    // Pace before: 4, 2, 5: mean 11/3 → 3.67, spread √(((1/3)² + (5/3)² + (4/3)²) / 3) = 1.247… → 1.25.
    // After: 4, 2, 3: mean 3, spread √(2/3) = 0.816… → 0.82. Conflict: every level 3, spread 0.
    expect(before).toEqual({
      teamSize: 3,
      dimensions: [
        {
          questionGroupId: expect.any(Number),
          name: 'pace',
          scoreType: 'SUPPLEMENTARY',
          members: 3,
          mean: 3.67,
          min: 2,
          max: 5,
          spread: 1.25,
        },
        { questionGroupId: expect.any(Number), name: 'conflict', scoreType: 'CONFLICT', members: 3, mean: 3, min: 3, max: 3, spread: 0 },
      ],
      conflictStyles: ['avoiding', 'competing'],
    });
    expect(
      after.dimensions.map((d: { mean: number; min: number; max: number; spread: number }) => [d.mean, d.min, d.max, d.spread]),
    ).toEqual([
      [3, 2, 4, 0.82],
      [3, 3, 3, 0],
    ]);
    expect(after).toMatchObject({ teamSize: 3, conflictStyles: ['avoiding', 'competing'] });
    // Fits, each against the other two: pace 100 · sim(c, T), conflict 100 · mean of sim per style.
    // A before vs {B, C}: pace sim(4, 3.5) = 87.5; competing sim(5, 2) = 0.25, avoiding sim(1, 4) = 0.25 → 25; 56.25.
    // A after vs {B, D}: pace sim(4, 2.5) = 62.5; sim(5, 2.5) = sim(1, 3.5) = 0.375 → 37.5; 50.
    // B before vs {A, C}: sim(2, 4.5) = 37.5; sim(3, 3) = sim(3, 3) = 1 → 100; 68.75.
    // B after vs {A, D}: sim(2, 3.5) = 62.5; sim(3, 3.5) = sim(3, 2.5) = 0.875 → 87.5; 75.
    // D after vs {A, B}: sim(3, 3) = 100; sim(2, 4) = sim(4, 2) = 0.5 → 50; 75.
    const expected = [
      {
        personaId: ids['A'],
        added: false,
        fitBefore: { score: 56.25, scoreCategory: 'medium' },
        fitAfter: { score: 50, scoreCategory: 'medium' },
      },
      {
        personaId: ids['B'],
        added: false,
        fitBefore: { score: 68.75, scoreCategory: 'high' },
        fitAfter: { score: 75, scoreCategory: 'high' },
      },
      { personaId: ids['D'], added: true, fitBefore: null, fitAfter: { score: 75, scoreCategory: 'high' } },
    ].sort((a, b) => ((a.personaId ?? '') < (b.personaId ?? '') ? -1 : 1));
    expect(members).toEqual(expected);
    // A member's fit before is what team-match gives for their evaluation.
    expect((await post(`/evaluation/${evaluations['A']}/team-match`, {}).expect(200)).body.workstyle.score).toBe(56.25);
    // Nothing was stored: the same simulation gives the same answer, and the team is unchanged.
    expect((await simulate({ addPersonaIds: [ids['D']], removePersonaIds: [ids['C']] }).expect(200)).body).toEqual(response.body);
    expect((await simulate({}).expect(200)).body.after).toEqual(before);
  });

  it('unknown team 404, persona token 403, and lists that cannot apply 400 naming the list', async () => {
    expect((await post('/algorithm/teams/999999/simulate', {}, tokens.account()).expect(404)).body.message).toBe('Team not found');
    const persona = tokens.mint({ sub: ids['A'] ?? '', kind: 'persona', emailAddress: 'a@example.test', personaId: ids['A'] ?? '' });
    await post(`/algorithm/teams/${teamId}/simulate`, {}, persona).expect(403);
    const cases: Array<[object, string]> = [
      [{ addPersonaIds: [ids['A']] }, 'addPersonaIds'],
      [{ addPersonaIds: [ids['E']] }, 'addPersonaIds'],
      [{ addPersonaIds: [randomUUID()] }, 'addPersonaIds'],
      [{ removePersonaIds: [ids['D']] }, 'removePersonaIds'],
      [{ addPersonaIds: [ids['D']], removePersonaIds: [ids['D']] }, 'addPersonaIds and removePersonaIds'],
      [{ addPersonaIds: ['x'] }, 'addPersonaIds'],
      [{ removePersonaIds: null }, 'removePersonaIds'],
    ];
    for (const [body, field] of cases) expect(String((await simulate(body).expect(400)).body.message)).toContain(field);
  });
  it("every completed evaluation's explanation recomputes its stored result exactly (explanation.fixture.ts)", async () => {
    expect(await expectEveryExplanationRecomputes(service.url, database.url, tokens.admin())).toBeGreaterThan(0);
  });
});
