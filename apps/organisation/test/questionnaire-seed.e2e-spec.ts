import { LIKERT_ANSWER_LABELS, type LikertAnswerSet, QuestionnaireDirectory } from '@teamfit/assessment';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

interface Group {
  id: number;
  name: string;
  title: string;
  strapline: string;
  scoreType: string;
  questionIds: number[];
}
interface Question {
  id: number;
  questionGroupId: number;
  orderIndex: number | null;
  type: string;
  text: string;
  summary: string | null;
  likertAnswerSet: LikertAnswerSet | null;
  metadata: string | null;
  faking: boolean;
  reverseScore: boolean;
}
interface Answer {
  id: number;
  questionId: number;
  orderIndex: number;
  value: number;
  text: string | null;
}
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** docs/assessment.md, "The shipped questionnaire": name, scoreType, questions including the faking item. */
const SHIPPED: Array<[string, string, number]> = [
  ['pace', 'SUPPLEMENTARY', 5],
  ['structure', 'SUPPLEMENTARY', 6],
  ['detail', 'COMPLEMENTARY', 5],
  ['autonomy', 'SUPPLEMENTARY', 5],
  ['collaboration', 'INDIVIDUAL_SUPPLEMENTARY', 5],
  ['communication', 'INDIVIDUAL_SUPPLEMENTARY', 5],
  ['feedback', 'SUPPLEMENTARY', 6],
  ['innovation', 'COMPLEMENTARY', 5],
  ['risk', 'SUPPLEMENTARY', 5],
  ['decision', 'COMPLEMENTARY', 5],
  ['values', 'TOP_TEN', 20],
  ['conflict', 'CONFLICT', 10],
  ['drive', 'MAX_MEAN', 6],
  ['reliability', 'MIN_MEAN', 6],
  ['learning', 'GROUP_AVERAGE', 5],
  ['wellbeing', 'SUPPLEMENTARY', 5],
];

describe('organisation service: the shipped questionnaire', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const member = `Bearer ${tokens.account()}`;
  let database: TestDatabase;
  let service: RunningTestService;
  const start = (url: string) => startTestService('organisation', organisationAppModule, { databaseUrl: url, keys: tokens.keys });
  const api = (target: RunningTestService = service) => request(target.url);

  /** Every item of a list, page by page, 100 at a time; checks each page's bookkeeping. */
  async function all<T>(path: string, target: RunningTestService = service): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const body = (
        await api(target)
          .get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=100`)
          .set('Authorization', member)
          .expect(200)
      ).body as Page<T>;
      expect(body).toMatchObject({ page, limit: 100 });
      items.push(...body.items);
      if (body.items.length < 100) {
        expect(items).toHaveLength(body.total);
        return items;
      }
    }
  }
  const snapshot = async (target: RunningTestService = service) => ({
    groups: await all<Group>('/question-group', target),
    questions: await all<Question>('/question', target),
    answers: await all<Answer>('/question-answer', target),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await start(database.url);
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('creates the sixteen groups in order, with their score types, titles and straplines', async () => {
    const groups = await all<Group>('/question-group');
    expect(groups.map((group) => [group.name, group.scoreType, group.questionIds.length])).toEqual(SHIPPED);
    for (const group of groups) {
      expect(group.title.length).toBeGreaterThan(0);
      expect(group.strapline.length).toBeGreaterThan(0);
    }
    const firstPage = (await api().get('/question-group').set('Authorization', member).expect(200)).body as Page<Group>;
    expect(firstPage).toMatchObject({ total: 16, page: 1, limit: 10 });
    expect(firstPage.items.map((group) => group.name)).toEqual(SHIPPED.slice(0, 10).map(([name]) => name));
  });

  it('creates 104 questions, paged 100 + 4, each a Likert item with a summary, in group order', async () => {
    const first = (await api().get('/question?limit=100').set('Authorization', member).expect(200)).body as Page<Question>;
    const second = (await api().get('/question?limit=100&page=2').set('Authorization', member).expect(200)).body as Page<Question>;
    expect([first.items.length, second.items.length, first.total, second.total]).toEqual([100, 4, 104, 104]);
    const questions = [...first.items, ...second.items];
    expect(new Set(questions.map((question) => question.id)).size).toBe(104);
    const groups = await all<Group>('/question-group');
    expect(questions.map((question) => question.id)).toEqual(groups.flatMap((group) => group.questionIds));
    for (const question of questions) {
      expect(question).toMatchObject({ type: 'LIKERT', likertAnswerSet: expect.stringMatching(/^(agree|usually|important)$/) });
      expect(question.summary?.length).toBeGreaterThanOrEqual(100);
      expect(question.summary?.length).toBeLessThanOrEqual(300);
    }
    const byGroup = (name: string) =>
      questions.filter((question) => question.questionGroupId === groups.find((group) => group.name === name)?.id);
    expect(
      questions
        .filter((question) => question.faking)
        .map((question) => groups.find((group) => group.id === question.questionGroupId)?.name),
    ).toEqual(['structure', 'feedback', 'drive', 'reliability']);
    for (const [name, , count] of SHIPPED) {
      const items = byGroup(name);
      expect(items.map((question) => question.orderIndex)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
      if (items.filter((question) => !question.faking).length === 5)
        expect([name, items.some((question) => question.reverseScore)]).toEqual([name, true]);
    }
    expect(byGroup('values').every((question) => question.likertAnswerSet === 'important')).toBe(true);
    const styles = byGroup('conflict').map((question) => question.metadata);
    for (const style of ['competing', 'collaborating', 'compromising', 'avoiding', 'accommodating'])
      expect(styles.filter((s) => s === style)).toHaveLength(2);
    // The filter pages through one group.
    const values = (await api().get(`/question?questionGroupId=${groups[10]?.id}&limit=15&page=2`).set('Authorization', member).expect(200))
      .body as Page<Question>;
    expect(values).toMatchObject({ total: 20, page: 2, limit: 15 });
    expect(values.items.map((question) => question.orderIndex)).toEqual([16, 17, 18, 19, 20]);
  });

  it("gives every question its answer set's five answers, values 1-5", async () => {
    const { questions, answers } = await snapshot();
    expect(answers).toHaveLength(520);
    for (const question of questions) {
      const own = answers.filter((answer) => answer.questionId === question.id);
      expect(own.map((answer) => [answer.orderIndex, answer.value, answer.text])).toEqual(
        LIKERT_ANSWER_LABELS[question.likertAnswerSet ?? 'agree'].map((label, index) => [index + 1, index + 1, label]),
      );
    }
  });

  it('is readable through QuestionnaireDirectory, in order, as the API shows it', async () => {
    const pool = new Pool({ connectionString: database.url, max: 2 });
    try {
      const loaded = await new QuestionnaireDirectory(drizzle({ client: pool })).load();
      const { groups, answers } = await snapshot();
      expect(loaded.map((group) => group.name)).toEqual(groups.map((group) => group.name));
      expect(loaded.map((group) => group.questions.map((question) => question.id))).toEqual(groups.map((group) => group.questionIds));
      expect(loaded.flatMap((group) => group.questions.flatMap((question) => question.answers.map((answer) => answer.id)))).toEqual(
        answers.map((answer) => answer.id),
      );
    } finally {
      await pool.end();
    }
  });

  it('is not created again by later or concurrent starts, and keeps administrators’ edits', async () => {
    const groups = await all<Group>('/question-group');
    const pace = groups[0]!;
    const wellbeing = groups[15]!;
    await api()
      .put(`/question/${pace.questionIds[0]}`)
      .set('Authorization', admin)
      .send({ text: 'Edited by an administrator' })
      .expect(200);
    await api().delete(`/question/${pace.questionIds[4]}`).set('Authorization', admin).expect(200);
    await api().put(`/question-group/${wellbeing.id}`).set('Authorization', admin).send({ name: 'balance' }).expect(200);
    const before = await snapshot();

    const others = await Promise.all([start(database.url), start(database.url), start(database.url)]);
    await Promise.all(others.map((other) => other.close()));
    await service.close();
    service = await start(database.url);

    expect(await snapshot()).toEqual(before);
    expect(before.questions).toHaveLength(103);
    expect(before.groups.map((group) => group.name)).not.toContain('wellbeing');
    expect(before.questions.find((question) => question.id === pace.questionIds[0])?.text).toBe('Edited by an administrator');
  });

  it('is created exactly once when several instances start together on a fresh database', async () => {
    const fresh = await createTestDatabase();
    try {
      const instances = await Promise.all([start(fresh.url), start(fresh.url), start(fresh.url)]);
      try {
        const { groups, questions, answers } = await snapshot(instances[1]);
        expect([groups.length, questions.length, answers.length]).toEqual([16, 104, 520]);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    } finally {
      await fresh.drop();
    }
  });
});
