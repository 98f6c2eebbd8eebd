import type { Client } from 'pg';
import request from 'supertest';

/** LIKE patterns for texts, with LIKE's wildcards taken literally. */
const likePatternOf = (needle: string): string => `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Every row of every table of every schema (partitions included, PostgreSQL's own catalogues
 * excepted), read as its whole text, searched for each needle ignoring case: `schema.table ~ needle`
 * with the number of rows holding it.
 */
export async function identityHits(client: Client, needles: readonly string[]): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ schema: string; table: string }>(
    `SELECT n.nspname AS schema, c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1, 2`,
  );
  const hits: Record<string, number> = {};
  for (const { schema, table } of tables) {
    for (const needle of needles) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${table}" t WHERE t::text ILIKE $1`, [
        likePatternOf(needle),
      ]);
      const found = rows[0]?.n ?? 0;
      if (found > 0) hits[`${schema}.${table} ~ ${needle}`] = found;
    }
  }
  return hits;
}

/** Answers every question of an evaluation with one value, straight to the evaluation service. */
export async function answerAll(
  evaluationUrl: string,
  bearer: string,
  evaluationId: string,
  firstQuestionId: number,
  value: number,
): Promise<number> {
  let questionId: number | undefined = firstQuestionId;
  let answered = 0;
  while (questionId !== undefined) {
    const answer: request.Response = await request(evaluationUrl)
      .post(`/evaluation/${evaluationId}/answer`)
      .set('authorization', bearer)
      .send({ questionId, value, timeTaken: 3 })
      .expect(200);
    answered += 1;
    questionId = (answer.body as { nextQuestion: { id: number } | null }).nextQuestion?.id;
  }
  return answered;
}

/** Polls until `check` answers true (what other processes write arrives a moment later). */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
