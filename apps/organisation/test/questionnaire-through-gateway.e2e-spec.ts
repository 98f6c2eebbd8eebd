import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import path from 'node:path';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

const ROOT = path.resolve(__dirname, '../../..');

// Issue 5's "done when": an admin pages through the seeded questionnaire through the gateway.
describe('the seeded questionnaire through the gateway', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let organisation: RunningTestService;
  let gateway: TestGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    organisation = await startTestService('organisation', organisationAppModule, { databaseUrl: database.url, keys: tokens.keys });
    gateway = await startTestGateway(ROOT, { organisation: organisation.port });
  });

  afterAll(async () => {
    await gateway?.stop();
    await organisation?.close();
    await database?.drop();
  });

  const get = (pathName: string) => request(gateway.url).get(pathName).set('authorization', `Bearer ${tokens.admin()}`).expect(200);

  it('pages through the 16 groups and 104 questions, and reads a question’s answers', async () => {
    const first = await get('/organisation/question-group?page=1&limit=10');
    expect(first.body).toMatchObject({ total: 16, page: 1, limit: 10 });
    expect(first.body.items).toHaveLength(10);
    const second = await get('/organisation/question-group?page=2&limit=10');
    expect(second.body.items).toHaveLength(6);
    const names = [...first.body.items, ...second.body.items].map((group: { name: string }) => group.name);
    expect(names).toContain('pace');
    expect(names).toContain('wellbeing');

    const seen = new Set<number>();
    for (let page = 1; page <= 2; page += 1) {
      const questions = await get(`/organisation/question?page=${page}&limit=100`);
      expect(questions.body.total).toBe(104);
      for (const question of questions.body.items as Array<{ id: number }>) seen.add(question.id);
    }
    expect(seen.size).toBe(104);

    const [firstQuestion] = (await get('/organisation/question?limit=1')).body.items as Array<{ id: number }>;
    const answers = await get(`/organisation/question-answer?questionId=${firstQuestion?.id}`);
    expect((answers.body.items as Array<{ value: number }>).map((answer) => answer.value)).toEqual([1, 2, 3, 4, 5]);
    await request(gateway.url).get('/organisation/question?limit=101').set('authorization', `Bearer ${tokens.admin()}`).expect(400);
    await request(gateway.url).get('/organisation/question').expect(401);
  });
});
