import { questionGroups, questions } from '@teamfit/assessment';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { personas } from '@teamfit/personas';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { expectEveryExplanationRecomputes } from './explanation.fixture';

/**
 * Who may change an evaluation and what a persona may compare with: administrators and the
 * persona itself answer; non-admin accounts only read; a persona's comparisons stay within its
 * own evaluation, its own team and its own user record.
 */
describe('evaluation access: answers and comparisons', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let client: Client;
  const f = { q1: 0, q2: 0, candidate: '', other: '', teamId: 0, otherTeamId: 0, evaluationId: '' };
  const CANDIDATE_USER = 701;
  const OTHER_USER = 702;

  const post = (path: string, body: object, token = tokens.admin()) =>
    request(service.url).post(path).set('authorization', `Bearer ${token}`).send(body);
  const personaToken = (personaId: string) =>
    tokens.mint({ sub: personaId, kind: 'persona', emailAddress: `${personaId}@example.test`, personaId });
  const progressOf = async (id: string) =>
    (await request(service.url).get(`/evaluation/${id}`).set('authorization', `Bearer ${tokens.admin()}`).expect(200)).body.progress as {
      answered: number;
    };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const db = drizzle({ client });
    const [group] = await db
      .insert(questionGroups)
      .values({ name: 'pace', title: 'Pace', strapline: 'Tempo', scoreType: 'SUPPLEMENTARY' })
      .returning({ id: questionGroups.id });
    const common = {
      type: 'LIKERT' as const,
      likertAnswerSet: 'agree' as const,
      faking: false,
      reverseScore: false,
      questionGroupId: group?.id ?? 0,
    };
    const [q1, q2] = await db
      .insert(questions)
      .values([
        { ...common, orderIndex: 0, text: 'I like a quick tempo.' },
        { ...common, orderIndex: 1, text: 'I finish what I start.' },
      ])
      .returning({ id: questions.id });
    f.q1 = q1?.id ?? 0;
    f.q2 = q2?.id ?? 0;
    const persona = (name: string, userNumber: number) => ({
      userId: randomUUID(),
      userNumber,
      userFirstName: name,
      role: 'Engineer',
      description: name,
    });
    const [candidate, other] = await db
      .insert(personas)
      .values([persona('Cand', CANDIDATE_USER), persona('Other', OTHER_USER)])
      .returning({ id: personas.id });
    f.candidate = candidate?.id ?? '';
    f.other = other?.id ?? '';

    service = await startTestService('evaluation', evaluationAppModule, { databaseUrl: database.url, keys: tokens.keys });
    f.teamId = (await post('/algorithm/teams', { name: 'Own', memberPersonaIds: [f.other] }).expect(201)).body.id as number;
    f.otherTeamId = (await post('/algorithm/teams', { name: 'Secret', memberPersonaIds: [f.other] }).expect(201)).body.id as number;
    f.evaluationId = (await post('/evaluation', { personaId: f.candidate, teamId: f.teamId }).expect(201)).body.id as string;
  });

  afterAll(async () => {
    await client?.end();
    await service?.close();
    await database?.drop();
  });

  it('refuses answers from non-admin accounts and other personas with 403 and stores nothing', async () => {
    const member = tokens.account();
    const refused = await post(`/evaluation/${f.evaluationId}/answer`, { questionId: f.q1, value: 4 }, member).expect(403);
    expect(refused.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Only administrators and the persona itself change an evaluation',
    });
    await post(`/evaluation/${f.evaluationId}/answer`, { questionId: f.q1, value: 4 }, personaToken(f.other)).expect(403);
    expect((await progressOf(f.evaluationId)).answered).toBe(0);
    // The non-admin account still reads it.
    await request(service.url).get(`/evaluation/${f.evaluationId}`).set('authorization', `Bearer ${member}`).expect(200);

    await post(`/evaluation/${f.evaluationId}/answer`, { questionId: f.q1, value: 4 }, personaToken(f.candidate)).expect(200);
    await post(`/evaluation/${f.evaluationId}/answer`, { questionId: f.q2, value: 3 }).expect(200);
    expect((await progressOf(f.evaluationId)).answered).toBe(2);
  });

  it('compare-team: a persona may not score itself against another team, and cannot tell whether one exists', async () => {
    const own = personaToken(f.candidate);
    const other = await post(`/evaluation/${f.evaluationId}/compare-team`, { algorithmTeamId: f.otherTeamId }, own).expect(403);
    expect(other.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona compares only against its own team' });
    expect(other.text).not.toContain('Secret');
    const unknown = await post(`/evaluation/${f.evaluationId}/compare-team`, { algorithmTeamId: 424242 }, own).expect(403);
    expect(unknown.body).toEqual(other.body);
    // Accounts keep comparing with any team; unknown teams stay 404 for them.
    const byMember = await post(`/evaluation/${f.evaluationId}/compare-team`, { algorithmTeamId: f.otherTeamId }, tokens.account()).expect(
      200,
    );
    expect(byMember.body.targetTeam).toEqual({ algorithmTeamId: f.otherTeamId, teamName: 'Secret' });
    await post(`/evaluation/${f.evaluationId}/compare-team`, { algorithmTeamId: 424242 }, tokens.account()).expect(404);
  });

  it("team-match and compare-team: a persona's role match uses only its own user record", async () => {
    const own = personaToken(f.candidate);
    const foreign = await post(`/evaluation/${f.evaluationId}/team-match`, { algorithmUserId: OTHER_USER }, own).expect(403);
    expect(foreign.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: "A persona's comparisons use only its own algorithmUserId",
    });
    // compare-team needs a team other than the evaluation's own, which a persona may never use: the
    // team rule refuses it before any user record is looked at.
    const otherTeam = await post(
      `/evaluation/${f.evaluationId}/compare-team`,
      { algorithmTeamId: f.otherTeamId, algorithmUserId: OTHER_USER },
      own,
    ).expect(403);
    expect(otherTeam.body.message).toBe('A persona compares only against its own team');

    expect(
      (await post(`/evaluation/${f.evaluationId}/team-match`, { algorithmUserId: CANDIDATE_USER }, own).expect(200)).body.algorithmUserId,
    ).toBe(CANDIDATE_USER);
    expect((await post(`/evaluation/${f.evaluationId}/team-match`, {}, own).expect(200)).body.algorithmUserId).toBe(CANDIDATE_USER);
    // Another persona cannot use this evaluation at all.
    await post(`/evaluation/${f.evaluationId}/team-match`, {}, personaToken(f.other)).expect(403);
    // Accounts may still look at any user record.
    expect(
      (await post(`/evaluation/${f.evaluationId}/team-match`, { algorithmUserId: OTHER_USER }, tokens.account()).expect(200)).body
        .algorithmUserId,
    ).toBe(OTHER_USER);
  });

  it('holds answers to an evaluation the service has seen before to the same rules (404, 403, 400, 409)', async () => {
    // The first answer makes the service remember what never changes about the evaluation, so
    // the later ones take the one-statement path; every refusal must still be what it was.
    const teamId = (await post('/algorithm/teams', { name: 'Seen', memberPersonaIds: [f.other] }).expect(201)).body.id as number;
    const id = (await post('/evaluation', { personaId: f.candidate, teamId }).expect(201)).body.id as string;
    const own = personaToken(f.candidate);
    await post(`/evaluation/${id}/answer`, { questionId: f.q1, value: 4 }, own).expect(200);

    // Re-answers (they would not complete it), so each refusal is the only thing that stops a write.
    const foreign = await post(`/evaluation/${id}/answer`, { questionId: f.q1, value: 2 }, personaToken(f.other)).expect(403);
    expect(foreign.body.message).toBe('This evaluation belongs to another persona');
    const member = await post(`/evaluation/${id}/answer`, { questionId: f.q1, value: 2 }, tokens.account()).expect(403);
    expect(member.body.message).toBe('Only administrators and the persona itself change an evaluation');
    const stranger = await post(`/evaluation/${id}/answer`, { questionId: 987654, value: 2 }, own).expect(400);
    expect(stranger.body.message).toBe('questionId 987654 is not a question of this evaluation');
    expect((await progressOf(id)).answered).toBe(1);
    expect((await client.query('SELECT value FROM evaluation.evaluation_answers WHERE evaluation_id = $1', [id])).rows).toEqual([
      { value: 4 },
    ]);

    // Re-answering replaces the value and keeps the count; the last answer completes with results.
    const again = await post(`/evaluation/${id}/answer`, { questionId: f.q1, value: 5 }, own).expect(200);
    expect(again.body).toMatchObject({ id, personaId: f.candidate, teamId, status: 'in_progress', progress: { answered: 1, total: 2 } });
    expect(again.body.nextQuestion.id).toBe(f.q2);
    const last = await post(`/evaluation/${id}/answer`, { questionId: f.q2, value: 3 }, own).expect(200);
    expect(last.body).toMatchObject({ status: 'complete', progress: { answered: 2, total: 2 }, nextQuestion: null });
    expect(last.body.results).toBeDefined();
    const { rows } = await client.query<{ question_id: number; value: number }>(
      'SELECT question_id, value FROM evaluation.evaluation_answers WHERE evaluation_id = $1 ORDER BY question_id',
      [id],
    );
    expect(rows).toEqual([
      { question_id: f.q1, value: 5 },
      { question_id: f.q2, value: 3 },
    ]);

    // Complete: 409 before the question is looked at, as for an evaluation never seen.
    await post(`/evaluation/${id}/answer`, { questionId: f.q1, value: 1 }, own).expect(409);
    await post(`/evaluation/${id}/answer`, { questionId: 987654, value: 1 }, own).expect(409);

    // Gone (erased, say) while remembered: 404, for anyone.
    const gone = (await post('/evaluation', { personaId: f.other, teamId }).expect(201)).body.id as string;
    await post(`/evaluation/${gone}/answer`, { questionId: f.q1, value: 4 }, personaToken(f.other)).expect(200);
    await client.query('DELETE FROM evaluation.evaluation_answers WHERE evaluation_id = $1', [gone]);
    await client.query('DELETE FROM evaluation.evaluations WHERE id = $1', [gone]);
    await post(`/evaluation/${gone}/answer`, { questionId: f.q2, value: 4 }, personaToken(f.other)).expect(404);
    await post(`/evaluation/${gone}/answer`, { questionId: f.q2, value: 4 }, own).expect(404);
  });
  it("every completed evaluation's explanation recomputes its stored result exactly (explanation.fixture.ts)", async () => {
    expect(await expectEveryExplanationRecomputes(service.url, database.url, tokens.admin())).toBeGreaterThan(0);
  });
});
