import { buildOpenApiDocument } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { personas } from '@teamfit/personas';
import { ResponseContract, type RunningTestService, startTestService, TEST_ADMIN_ACCOUNT, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';

/**
 * Human review and contest (docs/adr/0085-human-review-and-contest.md) against the running
 * service and a real PostgreSQL: recording reviews, contesting, the append-only list with who and
 * when, who may do what, and what shortlists show and leave out.
 */
interface Entry {
  id: string;
  evaluationId: string;
  kind: 'REVIEW' | 'CONTEST';
  decision: string | null;
  overallScore: number | null;
  reason: string | null;
  message: string | null;
  accountId: string | null;
  status: 'OPEN' | 'RESOLVED' | null;
  resolvedByReviewId: string | null;
  createdAt: string;
}

interface ShortlistItem {
  persona: { id: string };
  evaluationId: string;
  workstyle: { score: number };
  review: { decision: string; overallScore: number | null; reviewedAt: string } | null;
}

describe('POST/GET /evaluation/:id/reviews and POST /evaluation/:id/contest', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let client: Client;
  let contract: ResponseContract;
  let clock = Date.parse('2026-06-01T09:00:00.000Z');
  const people: Record<string, string> = {};
  const evaluationOf: Record<string, string> = {};
  const t = { team: 0, other: 0 };
  let questions: { q1: number; q2: number; q3: number };

  const admin = () => `Bearer ${tokens.admin()}`;
  const personaToken = (who: string) =>
    `Bearer ${tokens.mint({ sub: people[who] ?? '', kind: 'persona', emailAddress: `${who}@example.test`, personaId: people[who] ?? '' })}`;
  const documented = (method: 'GET' | 'POST', path: string) => (response: request.Response) =>
    contract.assertMatches(method, path, response.status, response.body);
  const review = (evaluationId: string, body: object, authorization = admin()) =>
    request(service.url)
      .post(`/evaluation/${evaluationId}/reviews`)
      .set('authorization', authorization)
      .send(body)
      .expect(documented('POST', `/evaluation/${evaluationId}/reviews`));
  const contest = (evaluationId: string, body: object, authorization: string) =>
    request(service.url)
      .post(`/evaluation/${evaluationId}/contest`)
      .set('authorization', authorization)
      .send(body)
      .expect(documented('POST', `/evaluation/${evaluationId}/contest`));
  const list = (evaluationId: string, authorization = admin(), query = '') =>
    request(service.url)
      .get(`/evaluation/${evaluationId}/reviews${query}`)
      .set('authorization', authorization)
      .expect(documented('GET', `/evaluation/${evaluationId}/reviews`));
  const entries = async (evaluationId: string) => (await list(evaluationId).expect(200)).body.items as Entry[];
  const shortlist = async (body: object = {}) =>
    (
      await request(service.url)
        .post(`/algorithm/teams/${t.team}/shortlist`)
        .set('authorization', `Bearer ${tokens.account()}`)
        .send({ limit: 100, ...body })
        .expect(200)
    ).body as { total: number; items: ShortlistItem[] };

  const post = (path: string, body: object, authorization = admin()) =>
    request(service.url).post(path).set('authorization', authorization).send(body);
  /** Creates the persona's evaluation and answers its first `answered` questions: q1, q2, q3 with `values` (one value: all alike). */
  const evaluate = async (who: string, teamId: number, values: number | readonly number[], answered = 3) => {
    const id = (await post('/evaluation', { personaId: people[who], teamId }).expect(201)).body.id as string;
    for (const [index, questionId] of [questions.q1, questions.q2, questions.q3].slice(0, answered).entries()) {
      const value = typeof values === 'number' ? values : (values[index] ?? 3);
      await post(`/evaluation/${id}/answer`, { questionId, value, timeTaken: 4 }).expect(200);
    }
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const db = drizzle({ client });
    questions = await seedSmallQuestionnaire(db);
    const rows = await db
      .insert(personas)
      .values(
        ['M1', 'M2', 'A', 'B', 'C', 'Open'].map((name, index) => ({
          userId: randomUUID(),
          userNumber: 900 + index,
          userFirstName: name,
          role: 'Engineer',
          status: 'ACTIVE' as const,
          description: name,
        })),
      )
      .returning({ id: personas.id, name: personas.userFirstName });
    for (const row of rows) people[row.name ?? ''] = row.id;
    service = await startTestService('evaluation', (config) => evaluationAppModule(config, { now: () => new Date((clock += 1_000)) }), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    contract = new ResponseContract(buildOpenApiDocument(service.app, 'evaluation'));
    t.team = (await post('/algorithm/teams', { name: 'Team', memberPersonaIds: [people['M1'], people['M2']] }).expect(201)).body.id;
    t.other = (await post('/algorithm/teams', { name: 'Other', memberPersonaIds: [] }).expect(201)).body.id;
    evaluationOf['M1'] = await evaluate('M1', t.team, 2);
    evaluationOf['M2'] = await evaluate('M2', t.team, 5);
    evaluationOf['A'] = await evaluate('A', t.other, 4);
    evaluationOf['B'] = await evaluate('B', t.other, 3);
    evaluationOf['C'] = await evaluate('C', t.other, 1);
    evaluationOf['Open'] = await evaluate('Open', t.other, 3, 2);
  });

  afterAll(async () => {
    await client?.end();
    await service?.close();
    await database?.drop();
  });

  it('records a review with who and when, and lists the entries oldest first', async () => {
    const a = evaluationOf['A'] ?? '';
    const confirmed = (await review(a, { decision: 'CONFIRMED', reason: 'Looked at the answers' }).expect(201)).body as Entry;
    expect(confirmed).toEqual({
      id: expect.any(String),
      evaluationId: a,
      kind: 'REVIEW',
      decision: 'CONFIRMED',
      overallScore: null,
      reason: 'Looked at the answers',
      message: null,
      accountId: TEST_ADMIN_ACCOUNT.id,
      status: null,
      resolvedByReviewId: null,
      createdAt: expect.stringMatching(/^2026-06-01T09:\d\d:\d\d\.000Z$/),
    });
    const overridden = (await review(a, { decision: 'OVERRIDDEN', reason: 'Interview', overallScore: 72.5 }).expect(201)).body as Entry;
    expect(overridden).toMatchObject({ decision: 'OVERRIDDEN', overallScore: 72.5 });
    expect(await entries(a)).toEqual([confirmed, overridden]);
    expect(Date.parse(overridden.createdAt)).toBeGreaterThan(Date.parse(confirmed.createdAt));
    // The results stay as computed: an override is recorded beside them, never in their place.
    const read = (await request(service.url).get(`/evaluation/${a}`).set('authorization', admin()).expect(200)).body;
    expect(read.results.overallScore).not.toBe(72.5);
  });

  it('pages the list: page and limit, the total of all pages', async () => {
    const a = evaluationOf['A'] ?? '';
    const all = await entries(a);
    const second = (await list(a, admin(), '?page=2&limit=1').expect(200)).body;
    expect(second).toEqual({ items: [all[1]], total: all.length, page: 2, limit: 1 });
    expect((await list(a, admin(), '?page=9&limit=1').expect(200)).body).toEqual({ items: [], total: all.length, page: 9, limit: 1 });
    await list(a, admin(), '?limit=101').expect(400);
    await list(a, admin(), '?page=0').expect(400);
  });

  it('refuses every bad body with 400 naming the field, and stores nothing', async () => {
    const b = evaluationOf['B'] ?? '';
    const cases: Array<[object, RegExp]> = [
      [{}, /decision/],
      [{ decision: 'MAYBE', reason: 'x' }, /decision/],
      [{ decision: null, reason: 'x' }, /decision/],
      [{ decision: 'CONFIRMED' }, /reason/],
      [{ decision: 'CONFIRMED', reason: '' }, /reason/],
      [{ decision: 'CONFIRMED', reason: ' \n\t ' }, /reason must not be blank/],
      [{ decision: 'CONFIRMED', reason: 7 }, /reason/],
      [{ decision: 'CONFIRMED', reason: 'x'.repeat(2001) }, /reason/],
      [{ decision: 'OVERRIDDEN', reason: 'x' }, /overallScore is required when decision is OVERRIDDEN/],
      [{ decision: 'CONFIRMED', reason: 'x', overallScore: 50 }, /overallScore is allowed only when decision is OVERRIDDEN/],
      [{ decision: 'EXCLUDED', reason: 'x', overallScore: 50 }, /overallScore is allowed only when decision is OVERRIDDEN/],
      [{ decision: 'OVERRIDDEN', reason: 'x', overallScore: 100.01 }, /overallScore/],
      [{ decision: 'OVERRIDDEN', reason: 'x', overallScore: -1 }, /overallScore/],
      [{ decision: 'OVERRIDDEN', reason: 'x', overallScore: 50.123 }, /overallScore/],
      [{ decision: 'OVERRIDDEN', reason: 'x', overallScore: '50' }, /overallScore/],
      [{ decision: 'OVERRIDDEN', reason: 'x', overallScore: null }, /overallScore/],
      [{ decision: 'CONFIRMED', reason: 'x', accountId: randomUUID() }, /accountId should not exist/],
    ];
    for (const [body, message] of cases) {
      const response = await review(b, body).expect(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(message) });
    }
    for (const body of [{}, { message: '' }, { message: '   ' }, { message: 'x'.repeat(2001) }, { message: ['x'] }]) {
      const response = await contest(b, body, personaToken('B')).expect(400);
      expect(response.body.message).toMatch(/message/);
    }
    expect(await entries(b)).toEqual([]);
    // Both bounds themselves are accepted.
    await review(b, { decision: 'OVERRIDDEN', reason: 'x'.repeat(2000), overallScore: 100 }).expect(201);
    await review(b, { decision: 'OVERRIDDEN', reason: 'y', overallScore: 0 }).expect(201);
  });

  it('reviews and contests only completed evaluations (409), and existing ones (404)', async () => {
    const open = evaluationOf['Open'] ?? '';
    expect((await review(open, { decision: 'CONFIRMED', reason: 'Too early' }).expect(409)).body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'The evaluation is not complete: there is no result to review yet',
    });
    await contest(open, { message: 'Too early' }, personaToken('Open')).expect(409);
    expect(await entries(open)).toEqual([]);
    const nobody = randomUUID();
    await review(nobody, { decision: 'CONFIRMED', reason: 'x' }).expect(404);
    await contest(nobody, { message: 'x' }, personaToken('A')).expect(404);
    await list(nobody).expect(404);
    await review('not-a-uuid', { decision: 'CONFIRMED', reason: 'x' }).expect(400);
    await list('not-a-uuid').expect(400);
  });

  it('lets a persona contest its own result: an open item until the next review resolves it', async () => {
    const c = evaluationOf['C'] ?? '';
    const opened = (await contest(c, { message: 'My answers were rushed' }, personaToken('C')).expect(201)).body as Entry;
    expect(opened).toEqual({
      id: expect.any(String),
      evaluationId: c,
      kind: 'CONTEST',
      decision: null,
      overallScore: null,
      reason: null,
      message: 'My answers were rushed',
      accountId: null,
      status: 'OPEN',
      resolvedByReviewId: null,
      createdAt: expect.any(String),
    });
    // One open contest at a time.
    expect((await contest(c, { message: 'Again' }, personaToken('C')).expect(409)).body.message).toMatch(/already has an open contest/);
    expect(await entries(c)).toEqual([opened]);
    // The persona reads its own list and sees the contest open.
    expect((await list(c, personaToken('C')).expect(200)).body.items).toEqual([opened]);

    const resolving = (await review(c, { decision: 'CONFIRMED', reason: 'Checked: the result stands' }).expect(201)).body as Entry;
    expect(await entries(c)).toEqual([{ ...opened, status: 'RESOLVED', resolvedByReviewId: resolving.id }, resolving]);
    // Resolved, it may be contested again; a later review resolves only what came before it.
    const second = (await contest(c, { message: 'I still disagree' }, personaToken('C')).expect(201)).body as Entry;
    const listed = await entries(c);
    expect(listed.map((entry) => [entry.kind, entry.status, entry.resolvedByReviewId])).toEqual([
      ['CONTEST', 'RESOLVED', resolving.id],
      ['REVIEW', null, null],
      ['CONTEST', 'OPEN', null],
    ]);
    const later = (await review(c, { decision: 'EXCLUDED', reason: 'Not comparable' }).expect(201)).body as Entry;
    expect((await entries(c)).find((entry) => entry.id === second.id)).toMatchObject({ status: 'RESOLVED', resolvedByReviewId: later.id });
  });

  it('takes one of several simultaneous contests: the others are 409', async () => {
    const m2 = evaluationOf['M2'] ?? '';
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => contest(m2, { message: `Contest ${index}` }, personaToken('M2')).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect((await entries(m2)).filter((entry) => entry.status === 'OPEN')).toHaveLength(1);
  });

  it('keeps the reviews to administrators and the persona itself', async () => {
    const a = evaluationOf['A'] ?? '';
    const before = await entries(a);
    const member = `Bearer ${tokens.account()}`;
    for (const authorization of [member, personaToken('A'), personaToken('B')]) {
      const refused = await review(a, { decision: 'EXCLUDED', reason: 'Not mine to decide' }, authorization).expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    // The service's refusals, not only a 403: its own rule, not the route's, keeps them out.
    expect((await list(a, member).expect(403)).body.message).toBe(
      'Only administrators and the persona itself read the reviews of an evaluation',
    );
    expect((await list(a, personaToken('B')).expect(403)).body.message).toBe('This evaluation belongs to another persona');
    // The persona reads its own list: what was decided and when, not which administrator decided it.
    expect(before.filter((entry) => entry.accountId === TEST_ADMIN_ACCOUNT.id).length).toBeGreaterThan(0);
    expect((await list(a, personaToken('A')).expect(200)).body.items).toEqual(before.map((entry) => ({ ...entry, accountId: null })));
    // Contest: the persona itself, never an account (an administrator included) nor another persona.
    for (const authorization of [admin(), member, personaToken('B')])
      await contest(a, { message: 'On behalf of A' }, authorization).expect(403);
    await request(service.url).get(`/evaluation/${a}/reviews`).expect(401);
    await request(service.url).post(`/evaluation/${a}/contest`).send({ message: 'x' }).expect(401);
    expect(await entries(a)).toEqual(before);
  });

  it('has no route that changes or removes an entry, and the table refuses a malformed one', async () => {
    const document = buildOpenApiDocument(service.app, 'evaluation');
    expect(Object.keys(document.paths['/evaluation/{id}/reviews'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/evaluation/{id}/contest'] ?? {})).toEqual(['post']);
    const evaluationId = evaluationOf['A'] ?? '';
    // A review without a reviewer, an override without its score: the check constraint refuses both.
    await expect(
      client.query(
        `INSERT INTO evaluation.evaluation_reviews (evaluation_id, kind, decision, reason) VALUES ($1, 'REVIEW', 'CONFIRMED', 'x')`,
        [evaluationId],
      ),
    ).rejects.toThrow(/evaluation_reviews_shape_check/);
    await expect(
      client.query(
        `INSERT INTO evaluation.evaluation_reviews (evaluation_id, kind, decision, reason, account_id) VALUES ($1, 'REVIEW', 'OVERRIDDEN', 'x', $2)`,
        [evaluationId, TEST_ADMIN_ACCOUNT.id],
      ),
    ).rejects.toThrow(/evaluation_reviews_shape_check/);
  });

  it('sends evaluation.reviewed through the outbox with each review, in its transaction; contests and refusals send nothing', async () => {
    const events = async () =>
      (
        await client.query<{ type: string; organisation_id: string | null; data: Record<string, unknown> }>(
          `SELECT type, organisation_id, data FROM organisation.outbox_messages WHERE data->>'evaluationId' = $1 ORDER BY sequence`,
          [evaluationOf['B']],
        )
      ).rows;
    const b = evaluationOf['B'] ?? '';
    // The event goes to the organisation of the evaluation's team.
    const organisationId = randomUUID();
    await request(service.url).put(`/algorithm/teams/${t.other}`).set('authorization', admin()).send({ organisationId }).expect(200);
    const before = await events();
    await contest(b, { message: 'Contest without an event' }, personaToken('B')).expect(201);
    await review(b, { decision: 'OVERRIDDEN', reason: 'x' }).expect(400);
    await review(b, { decision: 'CONFIRMED', reason: 'Not mine' }, `Bearer ${tokens.account()}`).expect(403);
    expect(await events()).toEqual(before);
    const recorded = (await review(b, { decision: 'OVERRIDDEN', reason: 'Panel decided', overallScore: 64.25 }).expect(201)).body as Entry;
    expect((await events()).slice(before.length)).toEqual([
      {
        type: 'evaluation.reviewed',
        organisation_id: organisationId,
        // Nothing that names the persona: the outbox outlives its erasure.
        data: {
          evaluationId: b,
          reviewId: recorded.id,
          decision: 'OVERRIDDEN',
          overallScore: 64.25,
          accountId: TEST_ADMIN_ACCOUNT.id,
          reviewedAt: recorded.createdAt,
        },
      },
    ]);
  });

  describe('shortlists', () => {
    /** A fresh set of results, so the cases above do not decide what the shortlist shows. */
    beforeAll(async () => {
      for (const [who, values] of [
        ['A', [5, 1, 1]],
        ['B', [3, 3, 3]],
        ['C', [1, 5, 2]],
        ['M1', [2, 4, 3]],
      ] as const)
        evaluationOf[who] = await evaluate(who, t.other, values);
    });

    const byPersona = (items: ShortlistItem[]) => new Map(items.map((item) => [item.persona.id, item]));

    it('carry each item’s latest review; an override is shown beside the computed score, which still ranks', async () => {
      const before = await shortlist({ sort: 'workstyle' });
      expect(before.items.every((item) => item.review === null)).toBe(true);
      // The lowest-ranked item, overridden to the top score: were the override ranked, it would move.
      const lowest = before.items.at(-1);
      const subject = lowest?.persona.id ?? '';
      const computed = lowest?.workstyle.score ?? 100;
      expect(computed).toBeLessThan(before.items[0]?.workstyle.score ?? 0);
      const evaluationId = lowest?.evaluationId ?? '';
      await review(evaluationId, { decision: 'CONFIRMED', reason: 'First look' }).expect(201);
      const override = (await review(evaluationId, { decision: 'OVERRIDDEN', reason: 'Panel', overallScore: 100 }).expect(201))
        .body as Entry;
      // A contest after it is no review: the latest review stays the override.
      const who = Object.keys(people).find((name) => people[name] === subject) ?? '';
      await contest(evaluationId, { message: 'Why?' }, personaToken(who)).expect(201);
      const after = await shortlist({ sort: 'workstyle' });
      const item = byPersona(after.items).get(subject);
      expect(item?.review).toEqual({ decision: 'OVERRIDDEN', overallScore: 100, reviewedAt: override.createdAt });
      expect(item?.workstyle.score).toBe(computed);
      expect(after.items.map((entry) => entry.persona.id)).toEqual(before.items.map((entry) => entry.persona.id));
      // minScore filters by the computed score too: just above it, the item is gone whatever the override says.
      const above = Math.round(computed * 100 + 1) / 100;
      expect((await shortlist({ sort: 'workstyle', minScore: above })).items.map((entry) => entry.persona.id)).not.toContain(subject);
    });

    it('leave EXCLUDED results out (not their place in the team context) unless includeExcluded; a later review brings them back', async () => {
      const before = await shortlist();
      const c = people['C'] ?? '';
      const m1 = people['M1'] ?? '';
      await review(evaluationOf['C'] ?? '', { decision: 'EXCLUDED', reason: 'Answered for someone else' }).expect(201);
      // M1's latest evaluation is on another team; M1 stays a member of this team, with that profile.
      await review(evaluationOf['M1'] ?? '', { decision: 'EXCLUDED', reason: 'Test run' }).expect(201);
      const excluded = await shortlist();
      expect(excluded.total).toBe(before.total - 2);
      expect(excluded.items.map((item) => item.persona.id)).not.toContain(c);
      expect(excluded.items.map((item) => item.persona.id)).not.toContain(m1);
      // Everyone else scores exactly as before: the excluded member still counts in their team context.
      const scoresBefore = byPersona(before.items);
      for (const item of excluded.items) expect(item.workstyle.score).toBe(scoresBefore.get(item.persona.id)?.workstyle.score);

      const included = await shortlist({ includeExcluded: true });
      expect(included.total).toBe(before.total);
      expect(byPersona(included.items).get(c)?.review).toMatchObject({ decision: 'EXCLUDED', overallScore: null });
      expect(byPersona(included.items).get(c)?.workstyle.score).toBe(scoresBefore.get(c)?.workstyle.score);

      await review(evaluationOf['C'] ?? '', { decision: 'CONFIRMED', reason: 'Cleared up' }).expect(201);
      const back = await shortlist();
      expect(back.total).toBe(before.total - 1);
      expect(byPersona(back.items).get(c)?.review?.decision).toBe('CONFIRMED');
    });

    it('refuses an includeExcluded that is not a boolean', async () => {
      for (const includeExcluded of ['true', 1, null]) {
        const response = await request(service.url)
          .post(`/algorithm/teams/${t.team}/shortlist`)
          .set('authorization', `Bearer ${tokens.account()}`)
          .send({ includeExcluded })
          .expect(400);
        expect(response.body.message).toMatch(/includeExcluded/);
      }
    });
  });
});
