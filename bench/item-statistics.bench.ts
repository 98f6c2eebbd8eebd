// Measures GET /reports/item-statistics (issue 34) on the platform questionnaire (104 questions, 16
// dimensions) with a few thousand completed evaluations of one version: latency and the evaluation
// service's CPU per call, and the plan of its one statement. The services run as `npm start` runs
// them (built code, one process each, free ports); completed evaluations and their score profiles
// are seeded in SQL on the version a real evaluation fixed, levels as the scoring engine computes them.
// Run: npm run bench:item-statistics. BENCH_EVALUATIONS=<n> (default 5,000).
import { Client } from 'pg';
import { benchBasics, evaluationToRead, startBenchService } from './bench-services';
import { insertCompletedEvaluations } from './seed-evaluations';
import { callJson, expectStatus, fmt, keepAliveAgent, processCpuMs, runPool, summarise } from './bench-support';

const EVALUATIONS = Number(process.env['BENCH_EVALUATIONS'] ?? 5_000);
const WARM_UP = 5;
const CALLS = 50;

const log = (line: string) => process.stdout.write(`${line}\n`);

async function seed(db: Client, versionFrom: string, count: number): Promise<number> {
  await db.query('BEGIN');
  const personas = await db.query<{ id: string }>(
    `INSERT INTO profile.personas (user_id, user_first_name, role, description)
     SELECT gen_random_uuid(), 'Bench' || g, 'Engineer', 'bench ' || g FROM generate_series(1, $1::int) AS g RETURNING id`,
    [count],
  );
  const inserted = await insertCompletedEvaluations(db, {
    personaIds: personas.rows.map((row) => row.id),
    versionFrom,
    seed: 0.34,
  });
  const versionId = inserted[0]?.questionnaire_version_id ?? 0;
  await db.query('COMMIT');
  await db.query('ANALYZE evaluation.evaluation_score_profiles');
  return versionId;
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const basics = await benchBasics(cleanups);
    const settings = { databaseUrl: basics.databaseUrl, keys: basics.keys };
    const profile = await startBenchService('profile', { ...settings, index: 0 }, cleanups);
    // The organisation service seeds the platform questionnaire when it starts.
    await startBenchService('organisation', { ...settings, index: 1 }, cleanups);
    const evaluation = await startBenchService('evaluation', { ...settings, index: 2 }, cleanups);
    const fixed = await evaluationToRead({ profile: profile.url, evaluation: evaluation.url }, basics.admin);
    const db = new Client({ connectionString: basics.databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const seeding = performance.now();
    const versionId = await seed(db, fixed, EVALUATIONS);
    log(`seeded ${EVALUATIONS} completed evaluations of version ${versionId} in ${fmt(performance.now() - seeding)} ms`);

    const agent = keepAliveAgent();
    const url = `${evaluation.url}/reports/item-statistics?questionnaireVersionId=${versionId}`;
    const call = async (): Promise<number> => {
      const started = performance.now();
      const body = expectStatus(await callJson('GET', url, { agent, token: basics.admin }), 200, 'item statistics');
      const dimensions = body['dimensions'] as Array<{ n: number; cronbachAlpha: number | null }>;
      if (dimensions.length !== 16 || dimensions.some((d) => d.n !== EVALUATIONS || d.cronbachAlpha === null))
        throw new Error(`unexpected answer: ${JSON.stringify(dimensions.slice(0, 2))}`);
      return performance.now() - started;
    };
    for (let n = 0; n < WARM_UP; n += 1) await call();
    const pid = evaluation.pid ?? 0;
    const cpuBefore = processCpuMs(pid);
    const run = await runPool(CALLS, 1, call);
    const cpuPerCall = (processCpuMs(pid) - cpuBefore) / CALLS;
    const summary = summarise(run.samples, run.wallMs);
    log(
      `GET /reports/item-statistics, ${EVALUATIONS} evaluations × 104 questions, ${CALLS} sequential calls: p50 ${fmt(summary.p50)} ms, p99 ${fmt(summary.p99)} ms, max ${fmt(summary.max)} ms, service CPU ${fmt(cpuPerCall)} ms a call`,
    );
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS)
       SELECT v.question_set, profiles.values, profiles.evaluations FROM evaluation.questionnaire_versions v
        CROSS JOIN LATERAL (SELECT string_agg(p.answer_values, ''::bytea ORDER BY p.evaluation_id) AS values, count(*) AS evaluations
                              FROM evaluation.evaluation_score_profiles p WHERE p.questionnaire_version_id = v.id) AS profiles
        WHERE v.id = $1`,
      [versionId],
    );
    for (const row of plan.rows) log(`  ${row['QUERY PLAN']}`);
    agent.destroy();
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
