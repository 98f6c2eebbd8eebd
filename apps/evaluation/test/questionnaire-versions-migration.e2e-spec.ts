import { questionGroups, questions } from '@teamfit/assessment';
import { runMigrations, serviceMigrationTargets } from '@teamfit/database';
import { createTestDatabase, migrationsUpTo, type TestDatabase } from '@teamfit/database/testing';
import { personas } from '@teamfit/personas';
import { type RunningTestService, seedTestAccounts, startTestService, TestTokens } from '@teamfit/platform/testing';
import { type AnswerInput, compactProfile, compactQuestionnaire, computeWorkstyle } from '@teamfit/scoring';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';
import type { FixedQuestion, QuestionSet } from '../src/evaluations/evaluation.types';
import { questionSetHash, scoringQuestionnaire } from '../src/evaluations/question-set';

const ROOT = path.resolve(__dirname, '../../..');
const OLD_LAYOUT = '0002_evaluations';

const fixed = (id: number, groupId: number, groupName: string, orderIndex: number, extra: Partial<FixedQuestion> = {}): FixedQuestion => ({
  id,
  text: `Question ${id} – “quoted” \\ and ünïcode`,
  summary: id === 11 ? 'A summary' : null,
  type: 'LIKERT',
  likertAnswerSet: 'agree',
  questionGroupId: groupId,
  questionGroupName: groupName,
  questionGroupTitle: groupName.toUpperCase(),
  orderIndex,
  reverseScore: false,
  faking: false,
  metadata: null,
  ...extra,
});

/** The set old evaluations carried: pace (SUPPLEMENTARY) q11, q12 reverse, q13 faking; style (CONFLICT) q21, q22. */
const SET_A: QuestionSet = {
  groups: [
    { id: 1, name: 'pace', title: 'PACE', scoreType: 'SUPPLEMENTARY' },
    { id: 2, name: 'style', title: 'STYLE', scoreType: 'CONFLICT' },
  ],
  questions: [
    fixed(11, 1, 'pace', 0),
    fixed(12, 1, 'pace', 1, { reverseScore: true }),
    fixed(13, 1, 'pace', 2, { faking: true }),
    fixed(21, 2, 'style', 0, { metadata: 'competing' }),
    fixed(22, 2, 'style', 1, { metadata: 'avoiding' }),
  ],
};
/** An older edit of it: q12 did not exist yet. */
const SET_B: QuestionSet = { groups: SET_A.groups, questions: SET_A.questions.filter((question) => question.id !== 12) };

describe('moving evaluations from the old layout (question set in every row) to questionnaire versions', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let client: Client;
  let service: RunningTestService;
  const ids = { pending: randomUUID(), progress: randomUUID(), memberOne: randomUUID(), memberTwo: randomUUID(), memberOld: randomUUID() };
  const people = { candidate: '', progress: '', one: '', two: '', old: '' };
  let teamId = 0;
  const storedResults = { overallScore: 12.5, overallCategory: 'low', note: 'stored as they were' };

  const memberAnswers: Record<string, Record<number, number>> = {
    memberOne: { 11: 4, 12: 2, 13: 5, 21: 3, 22: 1 },
    memberTwo: { 11: 2, 12: 1, 13: 1, 21: 5, 22: 4 },
    memberOld: { 11: 5, 13: 2, 21: 1, 22: 2 },
  };
  const asAnswers = (values: Record<number, number>): AnswerInput[] =>
    Object.entries(values).map(([questionId, value]) => ({ questionId: Number(questionId), value }));

  beforeAll(async () => {
    database = await createTestDatabase(process.env, { empty: true });
    for (const target of serviceMigrationTargets(ROOT)) {
      await runMigrations(database.url, target.service === 'evaluation' ? migrationsUpTo(target, OLD_LAYOUT) : target);
    }
    // Not a clone of the template: the accounts the test's tokens name are written here.
    await seedTestAccounts(database.url);
    client = new Client({ connectionString: database.url });
    await client.connect();
    const db = drizzle({ client });
    const persona = (name: string) => ({ userId: randomUUID(), userFirstName: name, role: 'Engineer', description: name });
    const rows = await db.insert(personas).values(['Cand', 'Progress', 'One', 'Two', 'Old'].map(persona)).returning({ id: personas.id });
    const [candidate, progress, one, two, old] = rows.map((row) => row.id);
    Object.assign(people, { candidate, progress, one, two, old });
    teamId =
      (
        await client.query<{ id: number }>(`INSERT INTO evaluation.teams (name, member_persona_ids) VALUES ('Old team', $1) RETURNING id`, [
          [people.one, people.two, people.old],
        ])
      ).rows[0]?.id ?? 0;

    // The old layout: the question set in every row, answers beside it.
    const insert = (
      id: string,
      personaId: string,
      set: QuestionSet,
      status: string,
      answered: number,
      results: object | null,
      completedAt: string | null,
    ) =>
      client.query(
        `INSERT INTO evaluation.evaluations (id, persona_id, team_id, status, question_set, total, answered, results, completed_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '2026-01-05T10:00:00Z', '2026-01-05T11:00:00Z')`,
        [
          id,
          personaId,
          teamId,
          status,
          JSON.stringify(set),
          set.questions.length,
          answered,
          results === null ? null : JSON.stringify(results),
          completedAt,
        ],
      );
    // One statement at a time: a pg client runs its queries in turn, and queueing them is deprecated.
    const answer = async (evaluationId: string, values: Record<number, number>) => {
      for (const [n, [questionId, value]] of Object.entries(values).entries()) {
        await client.query(
          `INSERT INTO evaluation.evaluation_answers (evaluation_id, question_id, value, time_taken, answered_at) VALUES ($1, $2, $3, $4, $5)`,
          [evaluationId, Number(questionId), value, n + 2, `2026-01-05T10:0${n}:00Z`],
        );
      }
    };
    await insert(ids.pending, people.candidate, SET_A, 'pending', 0, null, null);
    await insert(ids.progress, people.progress, SET_A, 'in_progress', 2, null, null);
    await answer(ids.progress, { 11: 3, 13: 4 });
    await insert(ids.memberOne, people.one, SET_A, 'complete', 5, storedResults, '2026-01-05T12:00:00Z');
    await answer(ids.memberOne, memberAnswers['memberOne'] ?? {});
    await insert(ids.memberTwo, people.two, SET_A, 'complete', 5, storedResults, '2026-01-05T12:30:00Z');
    await answer(ids.memberTwo, memberAnswers['memberTwo'] ?? {});
    await insert(ids.memberOld, people.old, SET_B, 'complete', 4, storedResults, '2026-01-04T12:00:00Z');
    await answer(ids.memberOld, memberAnswers['memberOld'] ?? {});

    await runMigrations(
      database.url,
      serviceMigrationTargets(ROOT).find((target) => target.service === 'evaluation') ?? { service: 'none', migrationsFolder: '' },
    );
    service = await startTestService('evaluation', evaluationAppModule, { databaseUrl: database.url, keys: tokens.keys });
  });

  afterAll(async () => {
    await service?.close();
    await client?.end();
    await database?.drop();
  });

  const get = (route: string) => request(service.url).get(route).set('authorization', `Bearer ${tokens.admin()}`);
  const post = (route: string, body: object) =>
    request(service.url).post(route).set('authorization', `Bearer ${tokens.admin()}`).send(body);

  it('stores each distinct question set once, under the hash the service computes for it', async () => {
    const versions = await client.query<{ id: number; hash: string; question_set: QuestionSet }>(
      'SELECT id, hash, question_set FROM evaluation.questionnaire_versions ORDER BY id',
    );
    expect(versions.rows.map((row) => row.question_set).sort((a, b) => b.questions.length - a.questions.length)).toEqual([SET_A, SET_B]);
    expect(versions.rows.map((row) => row.hash).sort()).toEqual([questionSetHash(SET_A), questionSetHash(SET_B)].sort());
    const references = await client.query<{ id: string; hash: string }>(
      'SELECT e.id, v.hash FROM evaluation.evaluations e JOIN evaluation.questionnaire_versions v ON v.id = e.questionnaire_version_id',
    );
    expect(Object.fromEntries(references.rows.map((row) => [row.id, row.hash]))).toEqual({
      [ids.pending]: questionSetHash(SET_A),
      [ids.progress]: questionSetHash(SET_A),
      [ids.memberOne]: questionSetHash(SET_A),
      [ids.memberTwo]: questionSetHash(SET_A),
      [ids.memberOld]: questionSetHash(SET_B),
    });
  });

  it('serves the same questions, progress and answers as before', async () => {
    const pending = await get(`/evaluation/${ids.pending}`).expect(200);
    expect(pending.body).toMatchObject({
      status: 'pending',
      progress: { answered: 0, total: 5 },
      currentQuestion: { id: 11, text: SET_A.questions[0]?.text, summary: 'A summary', questionGroupTitle: 'PACE' },
    });
    const progress = await get(`/evaluation/${ids.progress}`).expect(200);
    expect(progress.body).toMatchObject({
      status: 'in_progress',
      progress: { answered: 2, total: 5 },
      currentQuestion: { id: 12 },
      updatedAt: '2026-01-05T11:00:00.000Z',
    });
    const rail = await get(`/evaluation/${ids.progress}/questions`).expect(200);
    expect(
      (rail.body.items as Array<{ id: number; status: string; answer?: object }>).map((item) => [
        item.id,
        item.status,
        item.answer ?? null,
      ]),
    ).toEqual([
      [11, 'answered', { value: 3, timeTaken: 2, answeredAt: '2026-01-05T10:00:00.000Z' }],
      [12, 'current', null],
      [13, 'answered', { value: 4, timeTaken: 3, answeredAt: '2026-01-05T10:01:00.000Z' }],
      [21, 'pending', null],
      [22, 'pending', null],
    ]);
    const complete = await get(`/evaluation/${ids.memberOne}`).expect(200);
    expect(complete.body).toMatchObject({ status: 'complete', progress: { answered: 5, total: 5 }, results: storedResults });
  });

  it('backfills score profiles with exactly the levels the scoring engine computes', async () => {
    const profiles = await client.query<{ evaluation_id: string; answer_values: Buffer; levels: (number | null)[] }>(
      'SELECT evaluation_id, answer_values, levels FROM evaluation.evaluation_score_profiles',
    );
    const byId = new Map(profiles.rows.map((row) => [row.evaluation_id, row]));
    expect([...byId.keys()].sort()).toEqual([ids.memberOne, ids.memberTwo, ids.memberOld].sort());
    for (const [key, set] of [
      ['memberOne', SET_A],
      ['memberTwo', SET_A],
      ['memberOld', SET_B],
    ] as const) {
      const expected = compactProfile(compactQuestionnaire(scoringQuestionnaire(set)), asAnswers(memberAnswers[key] ?? {}));
      const stored = byId.get(ids[key]);
      expect([...(stored?.answer_values ?? [])]).toEqual([...expected.values]);
      expect(stored?.levels).toEqual(expected.levels);
    }
  });

  it('completes a migrated evaluation with the score the old answers give, members on an older version included', async () => {
    await post(`/evaluation/${ids.progress}/answer`, { questionId: 12, value: 2, timeTaken: 4 }).expect(200);
    await post(`/evaluation/${ids.progress}/answer`, { questionId: 21, value: 4, timeTaken: 4 }).expect(200);
    const last = await post(`/evaluation/${ids.progress}/answer`, { questionId: 22, value: 3, timeTaken: 4 }).expect(200);
    const candidateAnswers = (
      await client.query<{ question_id: number; value: number; time_taken: number }>(
        'SELECT question_id, value, time_taken FROM evaluation.evaluation_answers WHERE evaluation_id = $1',
        [ids.progress],
      )
    ).rows.map((row) => ({ questionId: row.question_id, value: row.value, timeTaken: row.time_taken }));
    const expected = computeWorkstyle({
      questionnaire: scoringQuestionnaire(SET_A),
      candidateAnswers,
      teamAnswers: [memberAnswers['memberOne'], memberAnswers['memberTwo'], memberAnswers['memberOld']].map((values) =>
        asAnswers(values ?? {}),
      ),
    });
    expect(last.body).toMatchObject({ status: 'complete', progress: { answered: 5, total: 5 }, nextQuestion: null });
    expect(last.body.results).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(last.body.results.teamSize).toBe(3);
  });

  it('gives evaluations created at the same moment on a new questionnaire one shared version', async () => {
    const db = drizzle({ client });
    const [group] = await db
      .insert(questionGroups)
      .values({ name: 'drive', title: 'Drive', strapline: 'What pushes you', scoreType: 'MAX_MEAN' })
      .returning({ id: questionGroups.id });
    await db.insert(questions).values({
      type: 'LIKERT',
      likertAnswerSet: 'agree',
      faking: false,
      reverseScore: false,
      questionGroupId: group?.id ?? 0,
      orderIndex: 0,
      text: 'I set goals.',
    });
    const created = await Promise.all(
      [people.candidate, people.one, people.two, people.old].map((personaId) =>
        post('/evaluation', { personaId, teamId }).expect((r) => expect([200, 201]).toContain(r.status)),
      ),
    );
    const fresh = created.filter((response) => response.status === 201).map((response) => response.body.id as string);
    expect(fresh).toHaveLength(3); // the candidate resumed its pending evaluation
    const versions = await client.query<{ version: number; question_set: QuestionSet; hash: string }>(
      'SELECT DISTINCT v.id AS version, v.question_set, v.hash FROM evaluation.evaluations e JOIN evaluation.questionnaire_versions v ON v.id = e.questionnaire_version_id WHERE e.id = ANY($1)',
      [fresh],
    );
    expect(versions.rows).toHaveLength(1);
    expect(versions.rows[0]?.hash).toBe(questionSetHash(versions.rows[0]?.question_set as QuestionSet));
    expect((await client.query('SELECT id FROM evaluation.questionnaire_versions')).rowCount).toBe(3);
  });
});
