import { questionGroups, questions } from '@teamfit/assessment';
import { buildOpenApiDocument } from '@teamfit/common';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { ResponseContract, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { evaluationAppModule } from '../src/evaluation-app.module';
import type { ItemStatisticsReportDto } from '../src/reports/item-statistics.dto';

/**
 * GET /reports/item-statistics (docs/fairness.md, "Item statistics") over evaluations completed
 * through the API: "pace" (q1, q2 reverse-keyed, q3, and the faking item q4) and "drive" (q5 alone).
 * The answers follow one trait per person with some noise; q3 is answered against the trait, as a
 * miskeyed item would be, so it must be flagged. The numbers are checked against a reference
 * computed here from the answers sent, with the textbook formulas.
 */
describe('item statistics of a questionnaire version', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  let connection: ReturnType<typeof openTestDatabase>;
  let client: Client;
  let contract: ResponseContract;
  let factory: PersonaFactory;
  let teamId = 0;
  let versionId = 0;
  const ids: number[] = [];
  /** The scored values of pace's q1..q3 of every completed evaluation, in the order completed. */
  const scored: number[][] = [];

  const report = (query: string, token = tokens.admin()) =>
    request(service.url)
      .get(`/reports/item-statistics${query}`)
      .set('authorization', `Bearer ${token}`)
      .expect((response) => contract.assertMatches('GET', '/reports/item-statistics', response.status, response.body));
  const post = (path: string, body: object) => request(service.url).post(path).set('authorization', `Bearer ${tokens.admin()}`).send(body);

  const clamp = (x: number) => Math.min(5, Math.max(1, x));
  /** Person n's raw answers to q1..q5: a trait 1-5 and a little noise; q3 goes against it. */
  const answersOf = (n: number): number[] => {
    const trait = (n % 5) + 1;
    const noise = (k: number) => ((n * (k + 2) + k) % 3) - 1;
    return [clamp(trait + noise(1)), 6 - clamp(trait + noise(2)), 6 - clamp(trait + noise(3)), ((n * 3) % 5) + 1, ((n * 2) % 5) + 1];
  };
  const completeOne = async (n: number, finish = true) => {
    const persona = await factory.named(`p${n}`, 1000 + n);
    const id = (await post('/evaluation', { personaId: persona.id, teamId }).expect(201)).body.id as string;
    const values = answersOf(n);
    const upTo = finish ? ids.length : 2;
    for (let position = 0; position < upTo; position += 1)
      await post(`/evaluation/${id}/answer`, { questionId: ids[position], value: values[position], timeTaken: 3 }).expect(200);
    if (finish) scored.push([values[0] ?? 0, 6 - (values[1] ?? 0), values[2] ?? 0]);
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    connection = openTestDatabase(database.url);
    client = new Client({ connectionString: database.url });
    await client.connect();
    factory = new PersonaFactory(connection.db);
    const [pace, drive] = await connection.db
      .insert(questionGroups)
      .values([
        { name: 'pace', title: 'Pace', strapline: 'Tempo', scoreType: 'SUPPLEMENTARY' },
        { name: 'drive', title: 'Drive', strapline: 'Goals', scoreType: 'MAX_MEAN' },
      ])
      .returning({ id: questionGroups.id });
    const common = { type: 'LIKERT' as const, likertAnswerSet: 'agree' as const, text: 'item', reverseScore: false, faking: false };
    const inserted = await connection.db
      .insert(questions)
      .values([
        { ...common, questionGroupId: pace?.id ?? 0, orderIndex: 0 },
        { ...common, questionGroupId: pace?.id ?? 0, orderIndex: 1, reverseScore: true },
        { ...common, questionGroupId: pace?.id ?? 0, orderIndex: 2 },
        { ...common, questionGroupId: pace?.id ?? 0, orderIndex: 3, faking: true },
        { ...common, questionGroupId: drive?.id ?? 0, orderIndex: 0 },
      ])
      .returning({ id: questions.id });
    ids.push(...inserted.map((row) => row.id));
    service = await startTestService('evaluation', (config) => evaluationAppModule(config), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    contract = new ResponseContract(buildOpenApiDocument(service.app, 'evaluation'));
    teamId = (await post('/algorithm/teams', { name: 'Empty', memberPersonaIds: [] }).expect(201)).body.id as number;
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await connection?.close();
    await service?.close();
    await database?.drop();
  });

  it('below 30 completed evaluations: n and k, every number null with the reason; incomplete evaluations do not count', async () => {
    for (let n = 0; n < 29; n += 1) await completeOne(n);
    await completeOne(100, false);
    versionId =
      (await client.query<{ id: number }>('SELECT DISTINCT questionnaire_version_id AS id FROM evaluation.evaluations')).rows[0]?.id ?? 0;
    const { body } = (await report(`?questionnaireVersionId=${versionId}`).expect(200)) as { body: ItemStatisticsReportDto };
    expect(body).toMatchObject({ questionnaireVersionId: versionId, evaluations: 29, minimumEvaluations: 30, flagBelow: 0.2 });
    const reason = 'fewer than 30 completed evaluations (n = 29)';
    expect(body.dimensions.map(({ name, n, k, cronbachAlpha }) => ({ name, n, k, cronbachAlpha }))).toEqual([
      { name: 'pace', n: 29, k: 3, cronbachAlpha: null },
      { name: 'drive', n: 29, k: 1, cronbachAlpha: null },
    ]);
    expect(body.dimensions[0]?.reason).toBe(reason);
    // The faking item q4 is in no dimension.
    expect(body.dimensions[0]?.items.map((item) => item.questionId)).toEqual([ids[0], ids[1], ids[2]]);
    expect(body.dimensions[0]?.items[1]).toEqual({
      questionId: ids[1],
      reverseScored: true,
      mean: null,
      standardDeviation: null,
      correctedItemTotalCorrelation: null,
      flag: false,
      reason,
    });
  });

  it('from 30 on: alpha, means, SDs and corrected item-total correlations as the reference computes them; the miskeyed item is flagged', async () => {
    await completeOne(29);
    await completeOne(30);
    const { body } = (await report(`?questionnaireVersionId=${versionId}`).expect(200)) as { body: ItemStatisticsReportDto };
    expect(body.evaluations).toBe(31);
    const [pace, drive] = body.dimensions;
    const expected = reference(scored);
    expect(pace?.n).toBe(31);
    expect(Math.abs((pace?.cronbachAlpha ?? NaN) - expected.alpha)).toBeLessThanOrEqual(0.00005 + 1e-12);
    pace?.items.forEach((item, j) => {
      expect(Math.abs((item.mean ?? NaN) - (expected.means[j] ?? NaN))).toBeLessThanOrEqual(0.00005 + 1e-12);
      expect(Math.abs((item.standardDeviation ?? NaN) - (expected.sds[j] ?? NaN))).toBeLessThanOrEqual(0.00005 + 1e-12);
      expect(Math.abs((item.correctedItemTotalCorrelation ?? NaN) - (expected.correlations[j] ?? NaN))).toBeLessThanOrEqual(
        0.00005 + 1e-12,
      );
      expect(item.reason).toBeNull();
    });
    // The miskeyed q3 correlates negatively and is flagged; it drags its neighbours' rest scores too.
    expect(pace?.items.map((item) => item.flag)).toEqual(expected.correlations.map((r) => r < 0.2));
    expect(expected.correlations[2]).toBeLessThan(0);
    expect(pace?.items[2]?.flag).toBe(true);
    expect(pace?.items[1]?.flag).toBe(false);
    // One item: no alpha and no correlation, each with its reason; its mean and SD are there.
    expect(drive).toMatchObject({ n: 31, k: 1, cronbachAlpha: null, reason: 'alpha needs at least two items' });
    expect(drive?.items[0]).toMatchObject({
      correctedItemTotalCorrelation: null,
      flag: false,
      reason: 'the dimension has no other item to correlate with',
    });
    expect(drive?.items[0]?.mean).toEqual(expect.any(Number));
  });

  it('answers 404 for an unknown version, 400 for a missing or loose id, 403 to personas and non-admin accounts, in the platform body', async () => {
    expect((await report('?questionnaireVersionId=999999').expect(404)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Questionnaire version 999999 not found',
    });
    for (const query of [
      '',
      '?questionnaireVersionId=',
      '?questionnaireVersionId=abc',
      '?questionnaireVersionId=1.5',
      '?questionnaireVersionId=0',
      '?questionnaireVersionId=0x10',
      '?questionnaireVersionId=99999999999',
    ]) {
      const bad = await report(query).expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^questionnaireVersionId /) });
    }
    const persona = tokens.mint({
      sub: 'p',
      kind: 'persona',
      emailAddress: 'p@example.test',
      personaId: '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e',
    });
    expect((await report(`?questionnaireVersionId=${versionId}`, persona).expect(403)).body.statusCode).toBe(403);
    expect((await report(`?questionnaireVersionId=${versionId}`, tokens.account()).expect(403)).body.statusCode).toBe(403);
  });
});

/** The textbook formulas over the scored values, written independently of libs/scoring: covariance matrix and raw sums. */
function reference(rows: readonly number[][]): { alpha: number; means: number[]; sds: number[]; correlations: number[] } {
  const n = rows.length;
  const k = rows[0]?.length ?? 0;
  const col = (j: number) => rows.map((row) => row[j] ?? 0);
  const cov = (x: number[], y: number[]) => {
    const sx = x.reduce((a, b) => a + b, 0);
    const sy = y.reduce((a, b) => a + b, 0);
    return (x.reduce((a, b, i) => a + b * (y[i] ?? 0), 0) - (sx * sy) / n) / (n - 1);
  };
  let trace = 0;
  let all = 0;
  for (let i = 0; i < k; i += 1)
    for (let j = 0; j < k; j += 1) {
      all += cov(col(i), col(j));
      if (i === j) trace += cov(col(i), col(j));
    }
  const correlations = Array.from({ length: k }, (_x, j) => {
    const rest = rows.map((row) => row.reduce((a, b) => a + b, 0) - (row[j] ?? 0));
    return cov(col(j), rest) / Math.sqrt(cov(col(j), col(j)) * cov(rest, rest));
  });
  return {
    alpha: (k / (k - 1)) * (1 - trace / all),
    means: Array.from({ length: k }, (_x, j) => col(j).reduce((a, b) => a + b, 0) / n),
    sds: Array.from({ length: k }, (_x, j) => Math.sqrt(cov(col(j), col(j)))),
    correlations,
  };
}
