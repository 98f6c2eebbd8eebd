import { PointReads } from '@teamfit/database';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestService, type RunningTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import { EvaluationRepository } from '../src/evaluations/evaluation.repository';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';

/**
 * The answer statement (RECORD_PROGRESS) against a real database: it records an answer that
 * leaves the evaluation incomplete; otherwise it reads the evaluation, and for the answer that
 * completes it everything the completion is scored from, which must be what the separate reads
 * (earlier answers, team stamp) give. The service's flow tests cannot tell this read from the
 * slower path it falls back to, so it is checked here on its own.
 */
describe('the answer statement', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let client: Client;
  let connection: ReturnType<typeof openTestDatabase>;
  let repository: EvaluationRepository;
  let pointReads: PointReads;
  let questions: { q1: number; q2: number; q3: number };
  let teamId: number;
  let member: string;
  let people: PersonaFactory;
  let userNumber = 610;
  /** A persona of its own per test: a persona has one active evaluation per team, which create would resume. */
  const newOutsider = async (): Promise<string> => (await people.named(`Outsider ${userNumber}`, (userNumber += 1))).id;

  const post = (path: string, body: object) => request(service.url).post(path).set('authorization', `Bearer ${tokens.admin()}`).send(body);
  const answer = (id: string, questionId: number, value: number, timeTaken: number) => post(`/evaluation/${id}/answer`, { questionId, value, timeTaken }).expect(200);
  const create = async (personaId: string): Promise<string> => (await post('/evaluation', { personaId, teamId }).expect(201)).body.id as string;
  const at = new Date('2026-06-01T10:00:00.000Z');
  /** Where a question sits in the evaluation's values: the state's one remaining 0, once the others are answered. */
  const lastPosition = async (id: string): Promise<number> => {
    const state = await repository.findState(id);
    if (!state) throw new Error(`evaluation ${id} is missing`);
    return state.answerValues.indexOf(0);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    connection = openTestDatabase(database.url);
    pointReads = new PointReads(connection.db.$client, { connectionString: database.url }, 'answer-statement-test');
    repository = new EvaluationRepository(connection.db, connection.db, pointReads);
    questions = await seedSmallQuestionnaire(connection.db);
    people = new PersonaFactory(connection.db);
    member = (await people.named('Member', 601)).id;
    service = await startTestService('evaluation', (config) => evaluationAppModule(config), { databaseUrl: database.url, keys: tokens.keys });
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

  it('records an answer that leaves the evaluation incomplete, and reads nothing else', async () => {
    const id = await create(await newOutsider());
    const position = (await repository.findState(id))?.answerValues.indexOf(0) ?? -1;
    const outcome = await repository.recordProgress(connection.db, id, position, { questionId: questions.q1, value: 3, timeTaken: 7, answeredAt: at });
    expect(outcome).toEqual({ kind: 'recorded', answered: 1, answerValues: expect.any(Buffer) });
    const stored = await client.query('SELECT value, time_taken FROM evaluation.evaluation_answers WHERE evaluation_id = $1', [id]);
    expect(stored.rows).toEqual([{ value: 3, time_taken: 7 }]);
  });

  it('writes nothing for the completing answer and reads the row, the earlier answers and the team stamp in one snapshot', async () => {
    const outsider = await newOutsider();
    const id = await create(outsider);
    await answer(id, questions.q1, 2, 6);
    await answer(id, questions.q2, 5, 8);
    const position = await lastPosition(id);
    const before = await client.query<{ xmin: string }>('SELECT xmin::text FROM evaluation.evaluations WHERE id = $1', [id]);

    const outcome = await repository.recordProgress(connection.db, id, position, { questionId: questions.q3, value: 1, timeTaken: 9, answeredAt: at });

    if (outcome.kind !== 'read' || outcome.completion === null) throw new Error(`expected the completion's reads, got ${JSON.stringify(outcome)}`);
    expect(outcome.state).toMatchObject({ id, personaId: outsider, teamId, status: 'in_progress', answered: 2, total: 3, rowVersion: before.rows[0]?.xmin });
    const byQuestion = (a: { questionId: number }, b: { questionId: number }) => a.questionId - b.questionId;
    expect([...outcome.completion.earlier].sort(byQuestion)).toEqual([...(await repository.answerInputsOf(id, 'primary'))].sort(byQuestion));
    expect([...outcome.completion.earlier].sort(byQuestion)).toEqual(
      [
        { questionId: questions.q1, value: 2, timeTaken: 6 },
        { questionId: questions.q2, value: 5, timeTaken: 8 },
      ].sort(byQuestion),
    );
    expect(outcome.completion.stamp).toEqual(await repository.teamStamp(teamId, outsider, 'primary'));
    expect(outcome.completion.stamp).toMatchObject({ candidateIsMember: false, includesCandidate: false, candidateProfile: null });
    const after = await client.query('SELECT answered, xmin::text AS xmin FROM evaluation.evaluations WHERE id = $1', [id]);
    expect(after.rows[0]).toEqual({ answered: 2, xmin: before.rows[0]?.xmin });
  });

  it("gives a member's stamp with their latest stored profile, as the separate read does on the pool and in a transaction", async () => {
    const id = await create(member);
    await answer(id, questions.q1, 1, 3);
    await answer(id, questions.q2, 1, 3);
    const outcome = await repository.recordProgress(connection.db, id, await lastPosition(id), { questionId: questions.q3, value: 1, timeTaken: 3, answeredAt: at });

    if (outcome.kind !== 'read' || outcome.completion === null) throw new Error(`expected the completion's reads, got ${JSON.stringify(outcome)}`);
    const stamp = outcome.completion.stamp;
    expect(stamp).toMatchObject({ candidateIsMember: true, includesCandidate: false });
    const stored = await client.query<{ answer_values: Buffer; questionnaire_version_id: number }>(
      'SELECT answer_values, questionnaire_version_id FROM evaluation.evaluation_score_profiles WHERE persona_id = $1',
      [member],
    );
    expect(stamp?.candidateProfile).toEqual({ questionnaireVersionId: stored.rows[0]?.questionnaire_version_id, answerValues: stored.rows[0]?.answer_values });
    expect(stamp).toEqual(await repository.teamStamp(teamId, member, 'primary'));
    expect(stamp).toEqual(await repository.teamStamp(teamId, member));
    expect(stamp).toEqual(await connection.db.transaction((tx) => repository.teamStamp(teamId, member, tx)));
  });

  it('reads a complete evaluation without the completion reads, and tells a missing one apart', async () => {
    const id = await create(await newOutsider());
    await answer(id, questions.q1, 3, 3);
    await answer(id, questions.q2, 3, 3);
    await answer(id, questions.q3, 3, 3);
    const again = await repository.recordProgress(connection.db, id, 0, { questionId: questions.q1, value: 4, timeTaken: 3, answeredAt: at });
    expect(again).toMatchObject({ kind: 'read', state: { id, status: 'complete', answered: 3 }, completion: null });

    const missing = await repository.recordProgress(connection.db, '00000000-0000-4000-8000-000000000000', 0, { questionId: questions.q1, value: 4, timeTaken: 3, answeredAt: at });
    expect(missing).toEqual({ kind: 'missing' });
  });

  it('is no stamp at all for a team that does not exist', async () => {
    await expect(repository.teamStamp(2_000_000_000, member, 'primary')).resolves.toBeUndefined();
  });
});
