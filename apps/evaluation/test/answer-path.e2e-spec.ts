import { organisations } from '@teamfit/accounts';
import { type Database, DATABASE, PointReads } from '@teamfit/database';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestService, type RunningTestService, TestTokens } from '@teamfit/platform/testing';
import { ObjectId } from 'bson';
import { Client, Pool } from 'pg';
import request from 'supertest';
import { type AnswerWriter, EvaluationRepository } from '../src/evaluations/evaluation.repository';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';

const ANY: AnswerWriter = { everyPersona: true, personaId: null };
const NOBODY: AnswerWriter = { everyPersona: false, personaId: null };
const isNamed = (statement: unknown, name: string): boolean =>
  typeof statement === 'object' && statement !== null && (statement as { name?: unknown }).name === name;

/**
 * The answer path against a real database: an ordinary answer is the one answer statement on the
 * pool (it checks the writer, the question and that the evaluation stays incomplete as it writes,
 * and reads the row instead when it writes nothing); the completing answer is one transaction. The
 * flow tests check what the answers give; this file checks which way they took, and the statement
 * and the team stamp on their own.
 */
describe('the answer path', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let client: Client;
  let connection: ReturnType<typeof openTestDatabase>;
  let pointReads: PointReads;
  let repository: EvaluationRepository;
  let questions: { q1: number; q2: number; q3: number };
  let teamId: number;
  let member: string;
  let people: PersonaFactory;
  let userNumber = 610;
  /** A persona of its own per test: a persona has one active evaluation per team, which create would resume. */
  const newOutsider = async (): Promise<string> => (await people.named(`Outsider ${userNumber}`, (userNumber += 1))).id;

  const post = (path: string, body: object) => request(service.url).post(path).set('authorization', `Bearer ${tokens.admin()}`).send(body);
  const answer = (id: string, questionId: number, value: number, timeTaken: number) =>
    post(`/evaluation/${id}/answer`, { questionId, value, timeTaken }).expect(200);
  const create = async (personaId: string): Promise<string> =>
    (await post('/evaluation', { personaId, teamId }).expect(201)).body.id as string;
  const at = new Date('2026-06-01T10:00:00.000Z');
  const stored = async (id: string) =>
    (
      await client.query<{ question_id: number; value: number; time_taken: number }>(
        'SELECT question_id, value, time_taken FROM evaluation.evaluation_answers WHERE evaluation_id = $1 ORDER BY question_id',
        [id],
      )
    ).rows;
  const row = async (id: string) =>
    (await client.query<{ status: string; answered: number }>('SELECT status, answered FROM evaluation.evaluations WHERE id = $1', [id]))
      .rows[0];

  /** The answer statements and transactions the service runs while `run` runs. */
  const counted = async (run: () => Promise<unknown>): Promise<{ statements: number; transactions: number }> => {
    const pool = service.app.get(Pool);
    const db = service.app.get<symbol, Database>(DATABASE);
    const query = jest.spyOn(pool, 'query');
    const transaction = jest.spyOn(db, 'transaction');
    try {
      await run();
      const statements = query.mock.calls.filter(([statement]) => isNamed(statement, 'evaluation_record_answer')).length;
      return { statements, transactions: transaction.mock.calls.length };
    } finally {
      query.mockRestore();
      transaction.mockRestore();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    connection = openTestDatabase(database.url);
    pointReads = new PointReads(connection.db.$client, { connectionString: database.url }, 'answer-path-test');
    repository = new EvaluationRepository(connection.db, connection.db, pointReads);
    questions = await seedSmallQuestionnaire(connection.db);
    people = new PersonaFactory(connection.db);
    member = (await people.named('Member', 601)).id;
    service = await startTestService('evaluation', (config) => evaluationAppModule(config), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    teamId = (await post('/algorithm/teams', { name: 'Team', memberPersonaIds: [member] }).expect(201)).body.id as number;
    // The member's stored profile: what the stamp reports when the member is the candidate.
    const first = await create(member);
    await answer(first, questions.q1, 4, 3);
    await answer(first, questions.q2, 2, 4);
    await answer(first, questions.q3, 5, 5);
  });

  afterAll(async () => {
    await service?.close();
    await pointReads?.end();
    await connection?.close();
    await client?.end();
    await database?.drop();
  });

  it('answers an ordinary answer with one statement and no transaction, and a completing one with one transaction', async () => {
    const id = await create(await newOutsider());
    expect(await counted(() => answer(id, questions.q1, 2, 6))).toEqual({ statements: 1, transactions: 0 });
    expect(await counted(() => answer(id, questions.q1, 3, 7))).toEqual({ statements: 1, transactions: 0 });
    expect(await counted(() => answer(id, questions.q2, 5, 8))).toEqual({ statements: 1, transactions: 0 });
    let completed: request.Response | undefined;
    expect(
      await counted(async () => {
        completed = await answer(id, questions.q3, 1, 9);
      }),
    ).toEqual({ statements: 1, transactions: 1 });
    expect(completed?.body).toMatchObject({
      id,
      status: 'complete',
      progress: { answered: 3, total: 3 },
      nextQuestion: null,
      results: expect.any(Object),
    });
    expect(await stored(id)).toEqual([
      { question_id: questions.q1, value: 3, time_taken: 7 },
      { question_id: questions.q2, value: 5, time_taken: 8 },
      { question_id: questions.q3, value: 1, time_taken: 9 },
    ]);
    // Refused answers take no transaction either: the statement's read tells why.
    expect(await counted(() => post(`/evaluation/${id}/answer`, { questionId: questions.q1, value: 1, timeTaken: 1 }).expect(409))).toEqual(
      { statements: 1, transactions: 0 },
    );
  });

  it('completes in a transaction of one locking read, one write and its event', async () => {
    // A first completion leaves the team's aggregate cached (an outsider's profile does not change the team's).
    const warm = await create(await newOutsider());
    for (const [questionId, value] of [
      [questions.q1, 2],
      [questions.q2, 3],
      [questions.q3, 4],
    ] as const)
      await answer(warm, questionId, value, 5);
    const id = await create(await newOutsider());
    await answer(id, questions.q1, 2, 6);
    await answer(id, questions.q2, 5, 8);
    const query = jest.spyOn(Client.prototype, 'query');
    try {
      await answer(id, questions.q3, 1, 9);
      const sent = query.mock.calls.map(([statement]) => {
        if (typeof statement === 'string') return statement.trim().split(/\s/)[0]?.toLowerCase();
        const config = statement as { name?: string; text?: string };
        return config.name ?? config.text?.trim().split(/\s/)[0]?.toLowerCase();
      });
      // The answer statement on the pool, then the transaction: the lock with everything the
      // decision reads, the completion written in one statement, its webhook event in another.
      expect(sent).toEqual(['evaluation_record_answer', 'begin', 'evaluation_lock_for_completion', 'with', 'with', 'commit']);
    } finally {
      query.mockRestore();
    }
    expect(await row(id)).toEqual({ status: 'complete', answered: 3 });
  });

  it('reads the answers as the lock leaves them when the locking statement waited for a concurrent answer', async () => {
    const id = await create(await newOutsider());
    await answer(id, questions.q1, 2, 6);
    await answer(id, questions.q2, 5, 8);
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      // A concurrent answer: it changes the evaluation row and an answer in one transaction.
      await holder.query('BEGIN');
      await holder.query('UPDATE evaluation.evaluations SET updated_at = now() WHERE id = $1', [id]);
      await holder.query(
        'UPDATE evaluation.evaluation_answers SET value = 1, time_taken = 99 WHERE evaluation_id = $1 AND question_id = $2',
        [id, questions.q1],
      );
      const reading = connection.db.transaction((tx) => repository.lockForCompletion(tx, id));
      const waiting = async () =>
        (
          await client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
          )
        ).rows[0]?.n ?? 0;
      for (let tries = 0; (await waiting()) === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      await holder.query('COMMIT');
      const read = await reading;
      expect(read?.answers).toEqual(
        expect.arrayContaining([
          { questionId: questions.q1, value: 1, timeTaken: 99 },
          { questionId: questions.q2, value: 5, timeTaken: 8 },
        ]),
      );
      expect(read?.answers).toHaveLength(2);
      expect(read?.teamStamp).toMatchObject({ candidateIsMember: false, includesCandidate: false, candidateProfile: null });
    } finally {
      await holder.end();
    }
  });

  it('records an answer that leaves the evaluation incomplete, and gives the evaluation as it now is', async () => {
    const outsider = await newOutsider();
    const id = await create(outsider);
    const outcome = await repository.recordAnswer(
      connection.db,
      id,
      { questionId: questions.q2, value: 3, timeTaken: 7, answeredAt: at },
      { everyPersona: false, personaId: outsider },
    );
    expect(outcome).toEqual({
      recorded: true,
      evaluation: expect.objectContaining({ id, personaId: outsider, teamId, status: 'in_progress', answered: 1, total: 3, updatedAt: at }),
    });
    const position = (await repository.findState(id))?.answerValues.indexOf(3);
    expect(outcome.evaluation?.answerValues[position ?? -1]).toBe(3);
    expect(await stored(id)).toEqual([{ question_id: questions.q2, value: 3, time_taken: 7 }]);
  });

  it('writes nothing, and reads the evaluation instead, for an answer it may not record', async () => {
    const outsider = await newOutsider();
    const id = await create(outsider);
    await answer(id, questions.q1, 2, 6);
    const before = await row(id);
    const attempt = (questionId: number, writer: AnswerWriter) =>
      repository.recordAnswer(connection.db, id, { questionId, value: 4, timeTaken: 1, answeredAt: at }, writer);
    const asRead = {
      recorded: false,
      evaluation: expect.objectContaining({ id, personaId: outsider, status: 'in_progress', answered: 1 }),
    };

    expect(await attempt(questions.q2, { everyPersona: false, personaId: member })).toEqual(asRead);
    expect(await attempt(questions.q2, NOBODY)).toEqual(asRead);
    expect(await attempt(2_000_000_000, ANY)).toEqual(asRead);
    await answer(id, questions.q2, 5, 8);
    // The last answer: it completes the evaluation, which the statement leaves to the transaction.
    expect(await attempt(questions.q3, ANY)).toEqual({
      recorded: false,
      evaluation: expect.objectContaining({ id, answered: 2, total: 3 }),
    });
    expect(await stored(id)).toEqual([
      { question_id: questions.q1, value: 2, time_taken: 6 },
      { question_id: questions.q2, value: 5, time_taken: 8 },
    ]);
    expect((await row(id))?.answered).toBe(2);
    expect(before?.answered).toBe(1);

    await answer(id, questions.q3, 1, 1);
    expect(await attempt(questions.q1, ANY)).toEqual({
      recorded: false,
      evaluation: expect.objectContaining({ id, status: 'complete', answered: 3 }),
    });
    const missing = await repository.recordAnswer(
      connection.db,
      '00000000-0000-4000-8000-000000000000',
      { questionId: questions.q1, value: 4, timeTaken: 3, answeredAt: at },
      ANY,
    );
    expect(missing).toEqual({ recorded: false, evaluation: undefined });
  });

  it("finds an answer's position by its version's question ids, in the set's order", async () => {
    const versions = await client.query<{ question_ids: number[]; question_set: { questions: Array<{ id: number }> } }>(
      'SELECT question_ids, question_set FROM evaluation.questionnaire_versions',
    );
    expect(versions.rows.length).toBeGreaterThan(0);
    for (const version of versions.rows)
      expect(version.question_ids).toEqual(version.question_set.questions.map((question) => question.id));
  });

  it("gives a member's stamp with their latest stored profile, the same in a transaction and on the pool", async () => {
    const stamp = await repository.teamStamp(teamId, member);
    expect(stamp).toMatchObject({ profilesVersion: expect.any(Number), candidateIsMember: true, includesCandidate: false });
    const profile = await client.query<{ answer_values: Buffer; questionnaire_version_id: number }>(
      'SELECT answer_values, questionnaire_version_id FROM evaluation.evaluation_score_profiles WHERE persona_id = $1',
      [member],
    );
    expect(stamp?.candidateProfile).toEqual({
      questionnaireVersionId: profile.rows[0]?.questionnaire_version_id,
      answerValues: profile.rows[0]?.answer_values,
    });
    expect(await connection.db.transaction((tx) => repository.teamStamp(teamId, member, tx))).toEqual(stamp);
    expect(await repository.teamStamp(teamId, await newOutsider())).toEqual({ ...stamp, candidateIsMember: false, candidateProfile: null });
    expect(await repository.teamStamp(teamId, null)).toEqual({ ...stamp, candidateIsMember: false, candidateProfile: null });
  });

  it("reads the organisation's setting through the organisation library's table", async () => {
    const [organisation] = await connection.db
      .insert(organisations)
      .values({ objectId: new ObjectId().toHexString(), name: 'Includes', urlName: 'includes', includeMatchUserInTeam: true })
      .returning({ id: organisations.id });
    const included = (
      await post('/algorithm/teams', { name: 'Included', organisationId: organisation?.id, memberPersonaIds: [member] }).expect(201)
    ).body.id as number;
    expect(await repository.teamStamp(included, member)).toMatchObject({ candidateIsMember: true, includesCandidate: true });
  });

  it('is no stamp at all for a team that does not exist', async () => {
    await expect(repository.teamStamp(2_000_000_000, member)).resolves.toBeUndefined();
  });
});
