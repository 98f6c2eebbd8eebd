import { clockPast } from '@teamfit/common/testing';
import { expectBadRequest, ISO_TIMESTAMP, serviceUnderTest } from '@teamfit/platform/testing';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

const UNKNOWN_ID = 999_999;

interface Group {
  id: number;
  name: string;
  title: string;
  strapline: string;
  scoreType: string;
  questionIds: number[];
  createdAt: string;
  updatedAt: string;
}
interface Question {
  id: number;
  questionGroupId: number;
  orderIndex: number | null;
  type: string;
  text: string;
  summary: string | null;
  likertAnswerSet: string | null;
  metadata: string | null;
  faking: boolean;
  reverseScore: boolean;
  createdAt: string;
  updatedAt: string;
}
interface Answer {
  id: number;
  orderIndex: number;
  text: string | null;
  value: number;
  questionId: number;
  createdAt: string;
  updatedAt: string;
}
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

describe('organisation service: assessment content', () => {
  const organisation = serviceUnderTest('organisation', organisationAppModule);
  const { tokens, admin, member } = organisation;
  let groupCount = 0;
  const api = () => request(organisation.url);

  const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> =>
    (await api().post(path).set('Authorization', admin).send(body).expect(201)).body as T;
  const get = async <T>(path: string): Promise<T> => (await api().get(path).set('Authorization', member).expect(200)).body as T;
  const newGroup = (overrides: Record<string, unknown> = {}) =>
    post<Group>('/question-group', {
      name: `e2e-group-${++groupCount}`,
      title: 'Title',
      strapline: 'Strapline',
      scoreType: 'SUPPLEMENTARY',
      questionIds: [],
      ...overrides,
    });
  const newQuestion = (questionGroupId: number, overrides: Record<string, unknown> = {}) =>
    post<Question>('/question', { questionGroupId, type: 'LIKERT', text: 'A statement', faking: false, reverseScore: false, ...overrides });
  const newAnswer = (questionId: number, orderIndex: number, value: number, text: string | null = `Answer ${value}`) =>
    post<Answer>('/question-answer', { questionId, orderIndex, value, text });

  describe('question groups', () => {
    it('creates (201) with every field, reads it back, and updates only the given fields', async () => {
      const response = await api()
        .post('/question-group')
        .set('Authorization', admin)
        .send({ name: 'e2e-tempo', title: 'Tempo', strapline: 'How fast', scoreType: 'MAX_MEAN', questionIds: [] })
        .expect(201);
      const group = response.body as Group;
      expect(group).toEqual({
        id: expect.any(Number),
        name: 'e2e-tempo',
        title: 'Tempo',
        strapline: 'How fast',
        scoreType: 'MAX_MEAN',
        questionIds: [],
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Number.isInteger(group.id)).toBe(true);
      expect(await get(`/question-group/${group.id}`)).toEqual(group);
      await clockPast(group.updatedAt);
      const updated = (
        await api()
          .put(`/question-group/${group.id}`)
          .set('Authorization', admin)
          .send({ title: 'Speed', scoreType: 'MIN_MEAN' })
          .expect(200)
      ).body as Group;
      expect(updated).toEqual({ ...group, title: 'Speed', scoreType: 'MIN_MEAN', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(group.updatedAt));
      expect(await get(`/question-group/${group.id}`)).toEqual(updated);
    });

    it('accepts a missing questionIds as none', async () => {
      const group = await post<Group>('/question-group', { name: 'e2e-no-ids', title: 'T', strapline: 'S', scoreType: 'CONFLICT' });
      expect(group.questionIds).toEqual([]);
    });

    it('keeps names unique ignoring case (409)', async () => {
      const group = await newGroup({ name: 'e2e-Unique' });
      const duplicate = await api()
        .post('/question-group')
        .set('Authorization', admin)
        .send({ name: 'E2E-UNIQUE', title: 'T', strapline: 'S', scoreType: 'TOP_TEN', questionIds: [] })
        .expect(409);
      expect(duplicate.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'A question group with this name already exists' });
      const other = await newGroup();
      await api().put(`/question-group/${other.id}`).set('Authorization', admin).send({ name: 'e2e-unique' }).expect(409);
      expect(await get(`/question-group/${other.id}`)).toEqual(other);
      await api().put(`/question-group/${group.id}`).set('Authorization', admin).send({ name: 'E2E-unique' }).expect(200);
    });

    it.each([
      ['a missing name', { title: 'T', strapline: 'S', scoreType: 'TOP_TEN' }, 'name'],
      ['a missing title', { name: 'e2e-v1', strapline: 'S', scoreType: 'TOP_TEN' }, 'title'],
      ['an empty strapline', { name: 'e2e-v2', title: 'T', strapline: '', scoreType: 'TOP_TEN' }, 'strapline should not be empty'],
      ['an unknown scoreType', { name: 'e2e-v3', title: 'T', strapline: 'S', scoreType: 'MEDIAN' }, 'scoreType must be one of'],
      [
        'questionIds that are not integers',
        { name: 'e2e-v4', title: 'T', strapline: 'S', scoreType: 'TOP_TEN', questionIds: ['1'] },
        'questionIds',
      ],
      ['repeated questionIds', { name: 'e2e-v5', title: 'T', strapline: 'S', scoreType: 'TOP_TEN', questionIds: [1, 1] }, 'questionIds'],
      [
        'an unknown field',
        { name: 'e2e-v6', title: 'T', strapline: 'S', scoreType: 'TOP_TEN', weight: 2 },
        'property weight should not exist',
      ],
    ])('rejects %s with 400 naming the field', async (_case, body, fragment) => {
      expectBadRequest((await api().post('/question-group').set('Authorization', admin).send(body).expect(400)).body, fragment);
    });

    it('derives questionIds from the questions, in question order', async () => {
      const group = await newGroup();
      const third = await newQuestion(group.id, { orderIndex: 3 });
      const first = await newQuestion(group.id, { orderIndex: 1 });
      const unordered = await newQuestion(group.id);
      expect((await get<Group>(`/question-group/${group.id}`)).questionIds).toEqual([first.id, third.id, unordered.id]);
      await api().put(`/question/${unordered.id}`).set('Authorization', admin).send({ orderIndex: 0 }).expect(200);
      expect((await get<Group>(`/question-group/${group.id}`)).questionIds).toEqual([unordered.id, first.id, third.id]);
    });

    it('moves listed questions into a group on create and update; never leaves a question without a group', async () => {
      const source = await newGroup();
      const a = await newQuestion(source.id, { orderIndex: 1 });
      const b = await newQuestion(source.id, { orderIndex: 2 });
      const target = await newGroup({ questionIds: [a.id] });
      expect(target.questionIds).toEqual([a.id]);
      expect((await get<Question>(`/question/${a.id}`)).questionGroupId).toBe(target.id);
      expect((await get<Group>(`/question-group/${source.id}`)).questionIds).toEqual([b.id]);

      const moved = await api()
        .put(`/question-group/${target.id}`)
        .set('Authorization', admin)
        .send({ questionIds: [a.id, b.id] })
        .expect(200);
      expect((moved.body as Group).questionIds).toEqual([a.id, b.id]);
      expect((await get<Group>(`/question-group/${source.id}`)).questionIds).toEqual([]);

      // Leaving out one of the group's own questions would orphan it: 409, nothing changes.
      const orphaning = await api()
        .put(`/question-group/${target.id}`)
        .set('Authorization', admin)
        .send({ title: 'Changed', questionIds: [a.id] })
        .expect(409);
      expect(orphaning.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: expect.stringContaining(`move question ${b.id} to another group first`),
      });
      expect(await get(`/question-group/${target.id}`)).toEqual(moved.body);

      // An unknown question: 400, and the whole request is rolled back (no group is created).
      const unknown = await api()
        .post('/question-group')
        .set('Authorization', admin)
        .send({ name: 'e2e-rolled-back', title: 'T', strapline: 'S', scoreType: 'TOP_TEN', questionIds: [a.id, UNKNOWN_ID] })
        .expect(400);
      expect(unknown.body).toEqual({ statusCode: 400, error: 'Bad Request', message: `questionIds: no question has the id ${UNKNOWN_ID}` });
      const listed = await get<Page<Group>>('/question-group?search=^e2e-rolled-back$');
      expect(listed.total).toBe(0);
      expect((await get<Question>(`/question/${a.id}`)).questionGroupId).toBe(target.id);
    });

    it('refuses to delete a group that still has questions (409), then deletes it once empty', async () => {
      const group = await newGroup();
      const question = await newQuestion(group.id);
      const refused = await api().delete(`/question-group/${group.id}`).set('Authorization', admin).expect(409);
      expect(refused.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'The question group still has questions; delete or move them first',
      });
      await api().delete(`/question/${question.id}`).set('Authorization', admin).expect(200);
      const deleted = await api().delete(`/question-group/${group.id}`).set('Authorization', admin).expect(200);
      expect(deleted.body).toEqual({ message: 'Question group deleted' });
      const gone = await api().get(`/question-group/${group.id}`).set('Authorization', member).expect(404);
      expect(gone.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Question group not found' });
      await api().delete(`/question-group/${group.id}`).set('Authorization', admin).expect(404);
      await api().put(`/question-group/${group.id}`).set('Authorization', admin).send({ title: 'X' }).expect(404);
    });
  });

  describe('questions', () => {
    it('creates (201) with every field and defaults the optional ones to null', async () => {
      const group = await newGroup();
      const full = {
        questionGroupId: group.id,
        orderIndex: 4,
        type: 'MULTIPLE_CHOICE',
        text: 'Pick one',
        summary: 'What it measures',
        likertAnswerSet: 'usually',
        metadata: 'avoiding',
        faking: true,
        reverseScore: true,
      };
      const created = (await api().post('/question').set('Authorization', admin).send(full).expect(201)).body as Question;
      expect(created).toEqual({
        id: expect.any(Number),
        ...full,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(await get(`/question/${created.id}`)).toEqual(created);
      const minimal = await newQuestion(group.id);
      expect(minimal).toMatchObject({
        orderIndex: null,
        summary: null,
        likertAnswerSet: null,
        metadata: null,
        faking: false,
        reverseScore: false,
      });
    });

    it('updates only the given fields; null clears an optional one; moves between groups', async () => {
      const group = await newGroup();
      const other = await newGroup();
      const question = await newQuestion(group.id, { summary: 'Summary', likertAnswerSet: 'agree' });
      const updated = (
        await api()
          .put(`/question/${question.id}`)
          .set('Authorization', admin)
          .send({ text: 'Changed', summary: null, reverseScore: true })
          .expect(200)
      ).body as Question;
      expect(updated).toEqual({
        ...question,
        text: 'Changed',
        summary: null,
        reverseScore: true,
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      await api().put(`/question/${question.id}`).set('Authorization', admin).send({ questionGroupId: other.id }).expect(200);
      expect((await get<Group>(`/question-group/${other.id}`)).questionIds).toEqual([question.id]);
      expect((await get<Group>(`/question-group/${group.id}`)).questionIds).toEqual([]);
    });

    it.each([
      ['a missing questionGroupId', { type: 'LIKERT', text: 'T', faking: false, reverseScore: false }, 'questionGroupId'],
      ['an unknown type', { questionGroupId: 1, type: 'ESSAY', text: 'T', faking: false, reverseScore: false }, 'type must be one of'],
      [
        'an unknown likertAnswerSet',
        { questionGroupId: 1, type: 'LIKERT', text: 'T', likertAnswerSet: 'often', faking: false, reverseScore: false },
        'likertAnswerSet must be one of',
      ],
      ['a missing faking', { questionGroupId: 1, type: 'LIKERT', text: 'T', reverseScore: false }, 'faking must be a boolean'],
      [
        'a string reverseScore',
        { questionGroupId: 1, type: 'LIKERT', text: 'T', faking: false, reverseScore: 'yes' },
        'reverseScore must be a boolean',
      ],
      ['an empty text', { questionGroupId: 1, type: 'LIKERT', text: '', faking: false, reverseScore: false }, 'text should not be empty'],
      [
        'a text over 2000 characters',
        { questionGroupId: 1, type: 'LIKERT', text: 'x'.repeat(2001), faking: false, reverseScore: false },
        'text must be shorter',
      ],
      [
        'a fractional orderIndex',
        { questionGroupId: 1, orderIndex: 1.5, type: 'LIKERT', text: 'T', faking: false, reverseScore: false },
        'orderIndex must be an integer',
      ],
      [
        'a string questionGroupId',
        { questionGroupId: '1', type: 'LIKERT', text: 'T', faking: false, reverseScore: false },
        'questionGroupId must be an integer',
      ],
      [
        'a metadata that is not a string',
        { questionGroupId: 1, type: 'LIKERT', text: 'T', metadata: 3, faking: false, reverseScore: false },
        'metadata must be a string',
      ],
    ])('rejects %s with 400 naming the field', async (_case, body, fragment) => {
      expectBadRequest((await api().post('/question').set('Authorization', admin).send(body).expect(400)).body, fragment);
    });

    it('answers 400 when the question group does not exist', async () => {
      const response = await api()
        .post('/question')
        .set('Authorization', admin)
        .send({ questionGroupId: UNKNOWN_ID, type: 'LIKERT', text: 'T', faking: false, reverseScore: false })
        .expect(400);
      expect(response.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'questionGroupId must be the id of an existing question group',
      });
      const group = await newGroup();
      const question = await newQuestion(group.id);
      await api().put(`/question/${question.id}`).set('Authorization', admin).send({ questionGroupId: UNKNOWN_ID }).expect(400);
      expect(await get(`/question/${question.id}`)).toEqual(question);
    });

    it('deletes a question together with its answers', async () => {
      const group = await newGroup();
      const question = await newQuestion(group.id);
      const answer = await newAnswer(question.id, 1, 1);
      expect((await api().delete(`/question/${question.id}`).set('Authorization', admin).expect(200)).body).toEqual({
        message: 'Question deleted',
      });
      await api().get(`/question/${question.id}`).set('Authorization', member).expect(404);
      await api().get(`/question-answer/${answer.id}`).set('Authorization', member).expect(404);
      expect((await get<Page<Answer>>(`/question-answer?questionId=${question.id}`)).total).toBe(0);
    });
  });

  describe('question answers', () => {
    let question: Question;

    beforeAll(async () => {
      question = await newQuestion((await newGroup()).id);
    });

    it('creates (201), reads, updates and deletes', async () => {
      const answer = (
        await api()
          .post('/question-answer')
          .set('Authorization', admin)
          .send({ questionId: question.id, orderIndex: 1, value: 1, text: 'Never' })
          .expect(201)
      ).body as Answer;
      expect(answer).toEqual({
        id: expect.any(Number),
        questionId: question.id,
        orderIndex: 1,
        value: 1,
        text: 'Never',
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(await get(`/question-answer/${answer.id}`)).toEqual(answer);
      const untitled = await post<Answer>('/question-answer', { questionId: question.id, orderIndex: 9, value: 9 });
      expect(untitled.text).toBeNull();
      const updated = (
        await api().put(`/question-answer/${answer.id}`).set('Authorization', admin).send({ text: 'Hardly ever' }).expect(200)
      ).body as Answer;
      expect(updated).toEqual({ ...answer, text: 'Hardly ever', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
      expect((await api().delete(`/question-answer/${untitled.id}`).set('Authorization', admin).expect(200)).body).toEqual({
        message: 'Question answer deleted',
      });
      await api().get(`/question-answer/${untitled.id}`).set('Authorization', member).expect(404);
    });

    it('refuses a second answer with the same value or orderIndex on one question (409), but not on another', async () => {
      await newAnswer(question.id, 2, 2);
      const sameValue = await api()
        .post('/question-answer')
        .set('Authorization', admin)
        .send({ questionId: question.id, orderIndex: 3, value: 2 })
        .expect(409);
      expect(sameValue.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'The question already has an answer with this value' });
      const sameOrder = await api()
        .post('/question-answer')
        .set('Authorization', admin)
        .send({ questionId: question.id, orderIndex: 2, value: 3 })
        .expect(409);
      expect(sameOrder.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'The question already has an answer with this orderIndex',
      });
      const third = await newAnswer(question.id, 3, 3);
      await api().put(`/question-answer/${third.id}`).set('Authorization', admin).send({ value: 2 }).expect(409);
      await api().put(`/question-answer/${third.id}`).set('Authorization', admin).send({ orderIndex: 2 }).expect(409);
      expect(await get(`/question-answer/${third.id}`)).toEqual(third);
      const elsewhere = await newQuestion(question.questionGroupId);
      await newAnswer(elsewhere.id, 2, 2);
      // Concurrent duplicates: exactly one wins.
      const racers = await Promise.all(
        [1, 2, 3].map(() =>
          api().post('/question-answer').set('Authorization', admin).send({ questionId: elsewhere.id, orderIndex: 7, value: 7 }),
        ),
      );
      expect(racers.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    });

    it('limits text to 200 characters and needs integers', async () => {
      await newAnswer(question.id, 20, 20, 'y'.repeat(200));
      expectBadRequest(
        (
          await api()
            .post('/question-answer')
            .set('Authorization', admin)
            .send({ questionId: question.id, orderIndex: 21, value: 21, text: 'y'.repeat(201) })
            .expect(400)
        ).body,
        'text must be shorter than or equal to 200 characters',
      );
      expectBadRequest(
        (await api().post('/question-answer').set('Authorization', admin).send({ questionId: question.id, orderIndex: 21 }).expect(400))
          .body,
        'value',
      );
      expectBadRequest(
        (
          await api()
            .post('/question-answer')
            .set('Authorization', admin)
            .send({ questionId: question.id, orderIndex: 21, value: 2.5 })
            .expect(400)
        ).body,
        'value must be an integer',
      );
      expectBadRequest(
        (
          await api()
            .post('/question-answer')
            .set('Authorization', admin)
            .send({ questionId: question.id, orderIndex: 21, value: 1e12 })
            .expect(400)
        ).body,
        'value must not be greater than',
      );
      expectBadRequest(
        (await api().post('/question-answer').set('Authorization', admin).send({ orderIndex: 21, value: 21 }).expect(400)).body,
        'questionId',
      );
      const unknown = await api()
        .post('/question-answer')
        .set('Authorization', admin)
        .send({ questionId: UNKNOWN_ID, orderIndex: 1, value: 1 })
        .expect(400);
      expect(unknown.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'questionId must be the id of an existing question' });
    });
  });

  describe('lists: search, filters, pages', () => {
    let group: Group;
    let questions: Question[];

    beforeAll(async () => {
      group = await newGroup({ name: 'e2e-Searchable-Group' });
      questions = [];
      for (let index = 0; index < 12; index += 1) {
        questions.push(
          await newQuestion(group.id, { orderIndex: index, text: index % 3 === 0 ? `Needle number ${index}` : `Haystack line ${index}` }),
        );
      }
      for (let value = 1; value <= 5; value += 1)
        await newAnswer(questions[0]!.id, value, value, value === 3 ? 'Sometimes NEEDLE' : `Plain ${value}`);
    });

    it('answers pages of {items, total, page, limit}, 10 by default, in a stable order', async () => {
      const first = await get<Page<Question>>(`/question?questionGroupId=${group.id}`);
      expect(first).toEqual({ items: questions.slice(0, 10), total: 12, page: 1, limit: 10 });
      const second = await get<Page<Question>>(`/question?questionGroupId=${group.id}&page=2`);
      expect(second).toEqual({ items: questions.slice(10), total: 12, page: 2, limit: 10 });
      const beyond = await get<Page<Question>>(`/question?questionGroupId=${group.id}&page=5&limit=100`);
      expect(beyond).toEqual({ items: [], total: 12, page: 5, limit: 100 });
      const small = await get<Page<Question>>(`/question?questionGroupId=${group.id}&page=3&limit=5`);
      expect(small.items).toEqual(questions.slice(10, 12));
    });

    it('searches with a case-insensitive regular expression, combined with the filter', async () => {
      const matches = await get<Page<Question>>(`/question?search=${encodeURIComponent('^needle number [0-9]+$')}`);
      expect(matches.items.map((question) => question.id)).toEqual(
        [questions[0], questions[3], questions[6], questions[9]].map((question) => question!.id),
      );
      expect(matches.total).toBe(4);
      const filtered = await get<Page<Question>>(`/question?search=NEEDLE&questionGroupId=${group.id}&limit=2`);
      expect(filtered).toMatchObject({ total: 4, page: 1, limit: 2 });
      expect(filtered.items).toHaveLength(2);
      const answers = await get<Page<Answer>>(`/question-answer?search=needle&questionId=${questions[0]!.id}`);
      expect(answers.items.map((answer) => answer.text)).toEqual(['Sometimes NEEDLE']);
      const allAnswers = await get<Page<Answer>>(`/question-answer?questionId=${questions[0]!.id}`);
      expect(allAnswers.items.map((answer) => answer.orderIndex)).toEqual([1, 2, 3, 4, 5]);
      const groups = await get<Page<Group>>('/question-group?search=searchable-group');
      expect(groups.items.map((found) => found.id)).toEqual([group.id]);
      expect(groups.items[0]?.questionIds).toEqual(questions.map((question) => question.id));
    });

    it.each(['/question', '/question-group', '/question-answer'])(
      '%s: 400 for an invalid or too long pattern, naming search',
      async (path) => {
        expectBadRequest(
          (
            await api()
              .get(`${path}?search=${encodeURIComponent('(unclosed')}`)
              .set('Authorization', member)
              .expect(400)
          ).body,
          'search is not a valid regular expression',
        );
        expectBadRequest(
          (
            await api()
              .get(`${path}?search=${'a'.repeat(201)}`)
              .set('Authorization', member)
              .expect(400)
          ).body,
          'search must be shorter than or equal to 200 characters',
        );
        await api()
          .get(`${path}?search=${'a'.repeat(200)}`)
          .set('Authorization', member)
          .expect(200);
      },
    );

    it('answers a catastrophic-backtracking pattern quickly, never 500, and an expensive one with 400', async () => {
      await newQuestion(group.id, { text: 'a'.repeat(1999) });
      let started = Date.now();
      const classic = await api()
        .get(`/question?search=${encodeURIComponent('(a+)+$')}&questionGroupId=${group.id}`)
        .set('Authorization', member);
      // PostgreSQL's regular expressions do not backtrack on this one: it simply matches.
      expect(classic.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      started = Date.now();
      const expensive = await api()
        .get(`/question?search=${encodeURIComponent('(a+)(a+)(a+)\\1\\2\\3$')}`)
        .set('Authorization', member)
        .expect(400);
      expect(expensive.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'search pattern too expensive' });
      expect(Date.now() - started).toBeLessThan(2000);
      // The connection is not held: the service keeps answering at once.
      await api().get(`/question-group/${group.id}`).set('Authorization', member).expect(200);
    });

    it.each([
      ['limit=101', 'limit must not be greater than 100'],
      ['limit=0', 'limit must not be less than 1'],
      ['page=0', 'page must not be less than 1'],
      ['page=abc', 'page must be an integer number'],
      ['limit=2.5', 'limit must be an integer number'],
      ['questionGroupId=x', 'questionGroupId must be an integer number'],
      ['questionId=1', 'property questionId should not exist'],
    ])('/question?%s is a 400 naming the parameter', async (query, fragment) => {
      expectBadRequest((await api().get(`/question?${query}`).set('Authorization', member).expect(400)).body, fragment);
    });

    it('/question-answer rejects a bad questionId filter with 400', async () => {
      expectBadRequest(
        (await api().get('/question-answer?questionId=-1').set('Authorization', member).expect(400)).body,
        'questionId must not be less than 1',
      );
      await api().get('/question-answer?limit=100').set('Authorization', member).expect(200);
    });
  });

  describe('ids and access', () => {
    it.each(['/question', '/question-group', '/question-answer'])(
      '%s/:id answers 400 for a non-integer id and 404 for an unknown one',
      async (path) => {
        for (const bad of ['abc', '1.5', '0', '99999999999']) {
          expectBadRequest((await api().get(`${path}/${bad}`).set('Authorization', member).expect(400)).body, 'id must');
          await api().put(`${path}/${bad}`).set('Authorization', admin).send({}).expect(400);
          await api().delete(`${path}/${bad}`).set('Authorization', admin).expect(400);
        }
        const missing = await api().get(`${path}/${UNKNOWN_ID}`).set('Authorization', member).expect(404);
        expect(missing.body).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: expect.stringMatching(/^Question( group| answer)? not found$/),
        });
      },
    );

    it.each(['/question', '/question-group', '/question-answer'])(
      '%s: writes need an administrator (403), everything a token (401), persona tokens are refused',
      async (path) => {
        for (const attempt of [
          api().post(path).set('Authorization', member).send({}),
          api().put(`${path}/1`).set('Authorization', member).send({}),
          api().delete(`${path}/1`).set('Authorization', member),
        ]) {
          const response = await attempt.expect(403);
          expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
        }
        for (const attempt of [
          api().get(path),
          api().get(`${path}/1`),
          api().post(path).send({}),
          api().put(`${path}/1`).send({}),
          api().delete(`${path}/1`),
        ]) {
          const response = await attempt.expect(401);
          expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
        }
        const persona = `Bearer ${tokens.mint({ sub: '00000000-0000-4000-8000-000000000003', kind: 'persona', emailAddress: 'p@example.test', personaId: '00000000-0000-4000-8000-000000000004' })}`;
        await api().get(path).set('Authorization', persona).expect(403);
      },
    );
  });

  it('describes the routes in its OpenAPI document', async () => {
    const response = await api().get('/docs-json').expect(200);
    const paths = response.body.paths as Record<
      string,
      Record<string, { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }>
    >;
    for (const path of ['question', 'question-group', 'question-answer']) {
      expect(Object.keys(paths[`/${path}`] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(paths[`/${path}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
      expect(paths[`/${path}`]?.['get']?.parameters?.map((parameter) => parameter.name)).toEqual(
        expect.arrayContaining(['search', 'page', 'limit']),
      );
    }
    expect(paths['/question']?.['get']?.parameters?.map((parameter) => parameter.name)).toContain('questionGroupId');
    expect(paths['/question-answer']?.['get']?.parameters?.map((parameter) => parameter.name)).toContain('questionId');
    expect(response.body.components.schemas.QuestionPageDto.properties).toEqual(
      expect.objectContaining({ items: expect.anything(), total: expect.anything() }),
    );
  });
});
