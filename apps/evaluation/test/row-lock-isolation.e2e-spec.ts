import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestService, type RunningTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';

/**
 * A request still waiting after this is stalled: it is given up (and fails the test) instead of
 * waiting for the lock's end. It is hundreds of times an unlocked request's time, so a busy machine
 * does not fail the test, and well under the seconds a request stalled behind the lock waited.
 */
const STALLED_MS = 2_000;

/**
 * A row lock on one evaluation holds up only that evaluation: another session holds
 * `SELECT … FOR UPDATE` on evaluation A (a long transaction, a double-submitted completing answer);
 * an answer to A waits for it, while reads and answers of other evaluations on the same service
 * instance are answered while the lock is still held, and the answer to A is recorded once the lock
 * is released.
 */
describe('a locked evaluation holds up only itself', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let locker: Client;
  let connection: ReturnType<typeof openTestDatabase>;
  let questions: { q1: number; q2: number; q3: number };
  let teamId: number;
  let people: PersonaFactory;
  let userNumber = 710;

  const send = (method: 'get' | 'post', path: string, body?: object) =>
    request(service.url)[method](path).set('authorization', `Bearer ${tokens.admin()}`).timeout(STALLED_MS).send(body);
  const create = async (): Promise<string> => {
    const personaId = (await people.named(`Candidate ${userNumber}`, (userNumber += 1))).id;
    return (await send('post', '/evaluation', { personaId, teamId }).expect(201)).body.id as string;
  };
  /** The request's status; 0 when it was given up after STALLED_MS. */
  const statusOf = (run: () => PromiseLike<{ status: number }>): Promise<number> =>
    Promise.resolve(run()).then(
      (response) => response.status,
      () => 0,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    connection = openTestDatabase(database.url);
    questions = await seedSmallQuestionnaire(connection.db);
    people = new PersonaFactory(connection.db);
    const member = (await people.named('Member', 701)).id;
    service = await startTestService('evaluation', (config) => evaluationAppModule(config), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    teamId = (await send('post', '/algorithm/teams', { name: 'Team', memberPersonaIds: [member] }).expect(201)).body.id as number;
    locker = new Client({ connectionString: database.url });
    await locker.connect();
  });

  afterAll(async () => {
    await locker?.end();
    await service?.close();
    await connection?.close();
    await database?.drop();
  });

  it('reads and answers other evaluations while one is locked, and answers the locked one after', async () => {
    const locked = await create();
    const read = await create();
    const answered = await Promise.all(Array.from({ length: 6 }, () => create()));
    const readOther = () => send('get', `/evaluation/${read}`);
    let next = 0;
    /** An ordinary answer (the first or second of three) to another evaluation each time. */
    const answerOther = () => {
      const evaluation = answered[next % answered.length] ?? '';
      const questionId = next < answered.length ? questions.q1 : questions.q2;
      next += 1;
      return send('post', `/evaluation/${evaluation}/answer`, { questionId, value: 3, timeTaken: 4 });
    };

    // Unlocked: the same kinds of request.
    const unlocked = [];
    for (let i = 0; i < 5; i++) unlocked.push(await statusOf(readOther));
    for (let i = 0; i < 3; i++) unlocked.push(await statusOf(answerOther));
    expect(unlocked).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);

    await locker.query('BEGIN');
    let lockedAnswer: Promise<{ status: number; body: Record<string, unknown> }> | undefined;
    try {
      await locker.query('SELECT id FROM evaluation.evaluations WHERE id = $1 FOR UPDATE', [locked]);
      // The answer to the locked evaluation reaches its row and waits there.
      lockedAnswer = Promise.resolve(
        request(service.url)
          .post(`/evaluation/${locked}/answer`)
          .set('authorization', `Bearer ${tokens.admin()}`)
          .send({ questionId: questions.q1, value: 5, timeTaken: 2 }),
      );
      await waitForLockWait(locker, connection.db.$client, locked);

      const whileLocked = [];
      for (let i = 0; i < 5; i++) whileLocked.push(await statusOf(readOther));
      for (let i = 0; i < 3; i++) whileLocked.push(await statusOf(answerOther));
      expect(whileLocked).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
      // Still waiting: nothing was written to the locked evaluation.
      const pending = await Promise.race([
        lockedAnswer.then(() => 'answered'),
        new Promise((resolve) => setTimeout(resolve, 50, 'waiting')),
      ]);
      expect(pending).toBe('waiting');
    } finally {
      await locker.query('COMMIT');
    }

    const answer = await lockedAnswer;
    expect(answer?.status).toBe(200);
    expect(answer?.body).toMatchObject({ id: locked, status: 'in_progress', progress: { answered: 1, total: 3 } });
  });
});

/** Until a backend of this database waits for a lock held by `holder`'s session (the answer reached the locked row). */
async function waitForLockWait(holder: Client, observer: Pick<Client, 'query'>, evaluationId: string): Promise<void> {
  const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
  // Observed from another session: inside a transaction, pg_stat_activity would stay as first read.
  for (let attempt = 0; attempt < 200; attempt++) {
    const waiting = await observer.query<{ count: string }>(
      'SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND $1::int = ANY (pg_blocking_pids(pid))',
      [holderPid],
    );
    if (waiting.rows[0]?.count !== '0') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no answer to evaluation ${evaluationId} came to wait for its row lock`);
}
