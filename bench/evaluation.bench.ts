// Measures the evaluation service (issue 6): (a) compare-team against teams of 200 and 2,000 members
// over the full 104-question questionnaire, sequential and 8 concurrent, against the service port;
// (b) a whole questionnaire answered by 50 concurrent personas through the real gateway (each
// persona from its own loopback source address, since the gateway limits per client address),
// and the same load straight to the service port for comparison.
// The services run as `npm start` runs them: built code, one process each, started by the runner's
// own serviceProcess; this process only seeds the database and generates the load.
// Run: npm run bench:evaluation. Uses DATABASE_URL (a scratch database is created in it and
// dropped) or an embedded PostgreSQL in a temp folder; services and nginx on free ports.
// BENCH_CPU_PROF=<dir> writes a CPU profile of each service (node --cpu-prof) into <dir>.
// BENCH_SLOWEST=<n> prints each persona run's n slowest answers (where in the questionnaire they were).
// BENCH_BASE=<another checkout, built> also starts that tree's evaluation service on the same
// database for the shortlist part, and alternates rounds between the two (BENCH_ROUNDS, default 2).
import { ensureDatabase, quoteIdentifier, runMigrations, serviceMigrationTargets, startEmbeddedPostgres } from '@teamfit/database';
import { withDatabase } from '@teamfit/database/testing';
import { freePort } from '@teamfit/gateway';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { seedTestAccounts, TestTokens } from '@teamfit/platform/testing';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { spawnManaged } from '../tools/runner/child-process';
import { waitForHealth } from '../tools/runner/service-health';
import { serviceProcess } from '../tools/runner/service-process';
import { insertCompletedEvaluations } from './seed-evaluations';
import {
  callJson,
  expectStatus,
  fmt,
  keepAliveAgent,
  type LatencySummary,
  pacer,
  processCpuMs,
  runPool,
  summarise,
  withTimeout,
} from './bench-support';

/** dist/: migrations are copied here by the build. The gateway template stays in the source tree. */
const DIST_ROOT = path.resolve(__dirname, '..');
const REPOSITORY_ROOT = path.resolve(DIST_ROOT, '..');

const TEAM_SIZE = 200;
const HUGE_TEAM_SIZE = 2000;
const COMPARE_CALLS = 200;
const COMPARE_CONCURRENCY = 8;
const PERSONAS = 50;
/** The gateway allows /evaluation 10 r/s (burst 20) per address: each persona sends at most that. */
const PERSONA_INTERVAL_MS = 100;

const log = (line: string) => process.stdout.write(`${line}\n`);

const CPU_PROFILE_DIR = process.env['BENCH_CPU_PROF'];
/** BENCH_SLOWEST=<n>: each persona run also prints its n slowest answers with their place in the questionnaire (0: first). */
const SLOWEST = Number(process.env['BENCH_SLOWEST'] ?? 0);

interface RunningService {
  port: number;
  url: string;
  pid: number;
}

/** A latency summary with the evaluation service's CPU time per call over the same run. */
type Measured = LatencySummary & { cpuMsPerCall?: number };

/** Runs `task` and adds what the service process spent on CPU per call meanwhile. */
async function withCpu<T extends { summary: LatencySummary }>(
  service: RunningService,
  task: () => Promise<T>,
): Promise<T & { cpuMsPerCall: number }> {
  const before = processCpuMs(service.pid);
  const result = await task();
  return { ...result, cpuMsPerCall: (processCpuMs(service.pid) - before) / result.summary.count };
}

interface Platform {
  databaseUrl: string;
  tokens: TestTokens;
  organisation: RunningService;
  evaluation: RunningService;
  /** BENCH_BASE's evaluation service, for the shortlist side by side. */
  baseEvaluation: RunningService | undefined;
  gateway: TestGateway;
  db: Client;
}

async function startDatabase(cleanups: Array<() => Promise<void>>): Promise<string> {
  const given = process.env['DATABASE_URL'];
  if (given) {
    const name = `teamfit_bench_${randomBytes(4).toString('hex')}`;
    const adminUrl = withDatabase(given, 'postgres');
    await ensureDatabase(adminUrl, name);
    cleanups.push(async () => {
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`).finally(() => admin.end());
    });
    return withDatabase(given, name);
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'teamfit-bench-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(scratch, 0o755);
  cleanups.push(() => Promise.resolve(rmSync(scratch, { recursive: true, force: true })));
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(scratch, 'postgres'),
    port: await freePort(),
    database: 'teamfit_bench',
    persistent: false,
    forTests: true,
  });
  cleanups.push(() => postgres.stop());
  return postgres.url;
}

async function startPlatform(cleanups: Array<() => Promise<void>>): Promise<Platform> {
  const databaseUrl = await startDatabase(cleanups);
  for (const target of serviceMigrationTargets(DIST_ROOT)) await runMigrations(databaseUrl, target);
  // The accounts `TestTokens` names: services read a token's rights from its account (docs/adr/0067-rights-read-from-the-account.md).
  await seedTestAccounts(databaseUrl);
  const tokens = new TestTokens();
  const start = async (name: 'organisation' | 'evaluation', index: number, tree = REPOSITORY_ROOT): Promise<RunningService> => {
    const port = await freePort();
    const distRoot = tree === REPOSITORY_ROOT ? DIST_ROOT : path.join(tree, 'dist');
    const { args, env } = serviceProcess(
      name,
      { databaseUrl, smtpUrl: 'smtp://127.0.0.1:1', keys: tokens.keys, distRoot, repositoryRoot: tree, port },
      { ...process.env, LOG_LEVEL: 'error' },
    );
    const profiling = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
    const child = spawnManaged(name, index, process.execPath, [...profiling, ...args], env);
    cleanups.push(() => child.stop());
    await waitForHealth(port, 30_000, name);
    if (child.process.pid === undefined) throw new Error(`${name} did not start`);
    return { port, url: `http://127.0.0.1:${port}`, pid: child.process.pid };
  };
  // The organisation service seeds the platform questionnaire (104 questions) when it starts.
  const organisation = await start('organisation', 1);
  const evaluation = await start('evaluation', 2);
  const gateway = await startTestGateway(REPOSITORY_ROOT, { organisation: organisation.port, evaluation: evaluation.port });
  cleanups.push(() => gateway.stop());
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  const base = process.env['BENCH_BASE'];
  // The other tree's service runs its own migrations, a subset of this tree's: it finds nothing to do.
  const baseEvaluation = base ? await start('evaluation', 3, path.resolve(base)) : undefined;
  return { databaseUrl, tokens, organisation, evaluation, baseEvaluation, gateway, db };
}

/** Personas straight into the profile table, one statement. */
async function insertPersonas(db: Client, count: number, label: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO profile.personas (user_id, user_first_name, role, description)
     SELECT gen_random_uuid(), $2 || g, 'Engineer', $2 || ' ' || g FROM generate_series(1, $1::int) AS g
     RETURNING id`,
    [count, label],
  );
  return rows.rows.map((row) => row.id);
}

/**
 * Completed evaluations for the members, straight into the tables: on the questionnaire version a
 * real evaluation fixed, seeded random values 1-5 for every question, the answers rows from them,
 * and each evaluation's score profile with the levels the scoring engine computes from the values.
 */
async function seedCompletedEvaluations(db: Client, personaIds: string[], teamId: number, versionFrom: string): Promise<void> {
  await db.query('BEGIN');
  try {
    const inserted = await insertCompletedEvaluations(db, { personaIds, teamId, versionFrom, seed: 0.42 });
    const ids = inserted.map((row) => row.id);
    await db.query(
      `INSERT INTO evaluation.evaluation_answers (evaluation_id, question_id, value, time_taken, answered_at)
       SELECT e.id, (q.question->>'id')::int, get_byte(e.answer_values, (q.position - 1)::int), 2 + floor(random() * 10)::int, now()
       FROM evaluation.evaluations AS e
       JOIN evaluation.questionnaire_versions AS v ON v.id = e.questionnaire_version_id,
       jsonb_array_elements(v.question_set->'questions') WITH ORDINALITY AS q(question, position)
       WHERE e.id = ANY($1::uuid[])`,
      [ids],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/**
 * The seed writes a few hundred thousand rows in seconds, which no user does: left alone,
 * PostgreSQL's autovacuum and the next checkpoint work through them during the first measurement
 * (the first persona run's first answers waited on it). Like pgbench, the benchmark
 * vacuums and analyses before it measures, and flushes what the seed dirtied.
 */
async function settleAfterSeeding(db: Client): Promise<void> {
  await db.query('VACUUM (ANALYZE)');
  // CHECKPOINT needs a superuser or pg_checkpoint: an embedded server always, a given DATABASE_URL maybe not.
  await db
    .query('CHECKPOINT')
    .catch((error: unknown) => log(`no checkpoint before measuring: ${error instanceof Error ? error.message : String(error)}`));
}

/** Answers an evaluation to the end, following nextQuestion; returns the answers' latencies. */
async function answerAll(
  baseUrl: string,
  id: string,
  token: string,
  agent: http.Agent,
  pace: () => Promise<void>,
  counters: { throttled: number },
): Promise<{ answers: number[]; final: number }> {
  await pace();
  const read = expectStatus(await callJson('GET', `${baseUrl}/evaluation/${id}`, { agent, token }), 200, 'read evaluation');
  let question = (read['currentQuestion'] as { id: number } | undefined)?.id;
  const answers: number[] = [];
  let final = NaN;
  for (let n = 0; n < 200 && question !== undefined; n += 1) {
    await pace();
    const body = { questionId: question, value: 1 + ((n * 7 + question) % 5), timeTaken: 4 };
    const send = () => callJson('POST', `${baseUrl}/evaluation/${id}/answer`, { agent, token, body });
    const response = await send();
    if (response.status === 429) {
      counters.throttled += 1;
      continue; // same question again after the next pace
    }
    const answered = expectStatus(response, 200, 'answer');
    answers.push(response.ms);
    question = (answered['nextQuestion'] as { id: number } | null)?.id;
    if (question === undefined) final = response.ms;
  }
  if (Number.isNaN(final)) throw new Error(`evaluation ${id} did not complete`);
  return { answers, final };
}

interface QuestionnaireRun {
  answers: Measured;
  finals: Measured;
  throttled: number;
  wallMs: number;
}

interface RunShape {
  personas: number;
  /** Each persona sends at most one request per this many ms (0: as fast as answers come back). */
  intervalMs: number;
  label: string;
}

const MEASURED: Record<'gateway' | 'direct', RunShape> = {
  gateway: { personas: PERSONAS, intervalMs: PERSONA_INTERVAL_MS, label: 'Gateway' },
  direct: { personas: PERSONAS, intervalMs: PERSONA_INTERVAL_MS, label: 'Direct' },
};

/**
 * Before the measured runs, as before compare-team: a few personas answer their whole
 * questionnaire straight to the service, unpaced, so the first measured run does not pay for the
 * JIT compiling the persona answer path (without it, the first run's first seconds cost the
 * service far more CPU per answer than the rest, and every answer there waited).
 */
const WARM_UP: RunShape = { personas: 10, intervalMs: 0, label: 'Warm-up' };

/** `shape.personas` personas, each with its own connection, answering their whole questionnaire at once. */
async function questionnaireRun(
  p: Platform,
  teamId: number,
  via: 'gateway' | 'direct',
  shape: RunShape = MEASURED[via],
): Promise<QuestionnaireRun> {
  const personaIds = await insertPersonas(p.db, shape.personas, shape.label);
  const setup = keepAliveAgent();
  const evaluations: string[] = [];
  for (const personaId of personaIds) {
    const created = expectStatus(
      await callJson('POST', `${p.evaluation.url}/evaluation`, { agent: setup, token: p.tokens.admin(), body: { personaId, teamId } }),
      201,
      'create',
    );
    evaluations.push(created['id'] as string);
  }
  setup.destroy();
  const baseUrl = via === 'gateway' ? `${p.gateway.url}/evaluation` : p.evaluation.url;
  const counters = { throttled: 0 };
  const cpuBefore = processCpuMs(p.evaluation.pid);
  const windowStart = process.hrtime.bigint() / 1000n;
  const started = performance.now();
  const results = await Promise.all(
    personaIds.map(async (personaId, index) => {
      // 127.0.0.10 … 127.0.0.59: the whole 127/8 is this machine's loopback; nginx's limit_req
      // counts per client address, so each persona has its own 10 r/s like a real client would.
      const agent = keepAliveAgent(via === 'gateway' ? `127.0.0.${10 + index}` : undefined);
      const token = p.tokens.mint({ sub: personaId, kind: 'persona', emailAddress: `${personaId}@bench.test`, personaId });
      try {
        return await answerAll(baseUrl, evaluations[index] as string, token, agent, pacer(shape.intervalMs), counters);
      } finally {
        agent.destroy();
      }
    }),
  );
  const wallMs = performance.now() - started;
  if (CPU_PROFILE_DIR) log(`${shape.personas} personas ${via}: monotonic µs ${windowStart} to ${process.hrtime.bigint() / 1000n}`);
  if (SLOWEST > 0) {
    const all = results.flatMap((result) => result.answers.map((ms, index) => ({ ms, index })));
    all.sort((a, b) => b.ms - a.ms);
    log(
      `${shape.personas} personas ${via}, slowest answers as question index:ms: ${all
        .slice(0, SLOWEST)
        .map((a) => `${a.index}:${a.ms.toFixed(0)}`)
        .join(' ')}`,
    );
  }
  const answers = summarise(
    results.flatMap((result) => result.answers),
    wallMs,
  );
  return {
    answers: { ...answers, cpuMsPerCall: (processCpuMs(p.evaluation.pid) - cpuBefore) / answers.count },
    finals: summarise(
      results.map((result) => result.final),
      wallMs,
    ),
    throttled: counters.throttled,
    wallMs,
  };
}

const COMPLETIONS = Number(process.env['BENCH_COMPLETIONS'] ?? 30);

/**
 * The completing answer alone: COMPLETIONS personas each answer all but the last question, then
 * their last answers are sent one after another, so each is timed and costed on its own.
 */
async function completionRun(p: Platform, teamId: number): Promise<Measured> {
  const agent = keepAliveAgent();
  try {
    const token = p.tokens.admin();
    const lastQuestions: Array<{ id: string; questionId: number }> = [];
    for (const personaId of await insertPersonas(p.db, COMPLETIONS, 'Completer')) {
      const created = expectStatus(
        await callJson('POST', `${p.evaluation.url}/evaluation`, { agent, token, body: { personaId, teamId } }),
        201,
        'create',
      );
      const id = created['id'] as string;
      let question = (created['currentQuestion'] as { id: number }).id;
      for (let answered = 0; answered < (created['progress'] as { total: number }).total - 1; answered += 1) {
        const body = expectStatus(
          await callJson('POST', `${p.evaluation.url}/evaluation/${id}/answer`, {
            agent,
            token,
            body: { questionId: question, value: 1 + ((answered * 7 + question) % 5), timeTaken: 4 },
          }),
          200,
          'answer',
        );
        question = (body['nextQuestion'] as { id: number }).id;
      }
      lastQuestions.push({ id, questionId: question });
    }
    const windowStart = process.hrtime.bigint() / 1000n;
    const measured = await withCpu(p.evaluation, async () => {
      const run = await runPool(lastQuestions.length, 1, async (index) => {
        const last = lastQuestions[index] as { id: string; questionId: number };
        const response = await callJson('POST', `${p.evaluation.url}/evaluation/${last.id}/answer`, {
          agent,
          token,
          body: { questionId: last.questionId, value: 3, timeTaken: 4 },
        });
        if (expectStatus(response, 200, 'completing answer')['status'] !== 'complete')
          throw new Error('the last answer did not complete its evaluation');
        return response.ms;
      });
      return { summary: summarise(run.samples, run.wallMs) };
    });
    // The CPU profiles' sample times are this same monotonic clock, in µs: the window picks the completions out.
    if (CPU_PROFILE_DIR) log(`completing answers: monotonic µs ${windowStart} to ${process.hrtime.bigint() / 1000n}`);
    return { ...measured.summary, cpuMsPerCall: measured.cpuMsPerCall };
  } finally {
    agent.destroy();
  }
}

async function compareTeamRuns(p: Platform, candidateEvaluation: string, targetTeamId: number) {
  const call = (agent: http.Agent) => async () => {
    const response = await callJson('POST', `${p.evaluation.url}/evaluation/${candidateEvaluation}/compare-team`, {
      agent,
      token: p.tokens.admin(),
      body: { algorithmTeamId: targetTeamId },
    });
    const body = expectStatus(response, 200, 'compare-team');
    if ((body['workstyle'] as { dimensions: unknown[] }).dimensions.length !== 16) throw new Error('compare-team: expected 16 dimensions');
    return response.ms;
  };
  const agents = Array.from({ length: COMPARE_CONCURRENCY }, () => keepAliveAgent());
  try {
    const first = agents[0] as http.Agent;
    await runPool(20, 1, call(first)); // warm-up: JIT, connection pools
    const measure = (concurrency: number, task: (index: number, worker: number) => Promise<number>) =>
      withCpu(p.evaluation, async () => {
        const run = await runPool(COMPARE_CALLS, concurrency, task);
        return { summary: summarise(run.samples, run.wallMs) };
      });
    const sequential = await measure(1, call(first));
    // Each of the 8 workers has its own connection.
    const perWorker = agents.map((agent) => call(agent));
    const concurrent = await measure(COMPARE_CONCURRENCY, (_, worker) => (perWorker[worker] as () => Promise<number>)());
    return {
      sequential: { ...sequential.summary, cpuMsPerCall: sequential.cpuMsPerCall },
      concurrent: { ...concurrent.summary, cpuMsPerCall: concurrent.cpuMsPerCall },
    };
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

const SHORTLIST_SMALL = 1000;
const SHORTLIST_LARGE = 10_000;
const SHORTLIST_ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);

type ShortlistFigures = { small: Measured; large: Measured };

/**
 * The shortlist of the 200-member team: SHORTLIST_SMALL candidates (the members and crowd
 * personas made ACTIVE, picked by the status filter) and every persona with a completed evaluation
 * (SHORTLIST_LARGE: the missing ones are seeded here). Both read the whole profiles table once.
 * Where the reviews table exists, a quarter of the evaluations get two reviews (CONFIRMED, then
 * OVERRIDDEN) and a contest, none EXCLUDED, so that both versions list the same candidates.
 * With BENCH_BASE, rounds alternate between this tree's service and the other's.
 */
async function shortlistRuns(p: Platform, teamId: number, members: string[], crowd: string[], versionFrom: string) {
  const pool = SHORTLIST_LARGE - members.length - crowd.length - 1;
  const extra = await insertPersonas(p.db, pool, 'Pool');
  const home =
    (await p.db.query<{ team_id: number }>('SELECT team_id FROM evaluation.evaluations WHERE id = $1', [versionFrom])).rows[0]?.team_id ??
    0;
  await seedCompletedEvaluations(p.db, extra, home, versionFrom);
  const active = [...members, ...crowd.slice(0, SHORTLIST_SMALL - members.length)];
  await p.db.query("UPDATE profile.personas SET status = 'ACTIVE' WHERE id = ANY($1::uuid[])", [active]);
  const reviews = await seedReviews(p.db);
  if (reviews > 0) log(`shortlist: ${reviews} reviews and contests seeded`);
  await p.db.query('ANALYZE');
  const agent = keepAliveAgent();
  const call = (service: RunningService, body: object, expected: number) => async () => {
    const response = await callJson('POST', `${service.url}/algorithm/teams/${teamId}/shortlist`, {
      agent,
      token: p.tokens.account(),
      body: { ...body, limit: 100 },
    });
    const total = expectStatus(response, 200, 'shortlist')['total'];
    if (total !== expected) throw new Error(`shortlist: expected ${expected} candidates, got ${String(total)}`);
    return response.ms;
  };
  const measure = async (service: RunningService, name: string, calls: number, task: () => Promise<number>) => {
    await runPool(Math.max(5, calls / 10), 1, task); // warm-up: JIT, the cached team aggregate
    const windowStart = process.hrtime.bigint() / 1000n;
    const measured = await withCpu(service, async () => {
      const run = await runPool(calls, 1, task);
      return { summary: summarise(run.samples, run.wallMs) };
    });
    // The CPU profiles' sample times are this same monotonic clock, in µs.
    if (CPU_PROFILE_DIR) log(`${name}: monotonic µs ${windowStart} to ${process.hrtime.bigint() / 1000n}`);
    return { ...measured.summary, cpuMsPerCall: measured.cpuMsPerCall };
  };
  const runOn = async (service: RunningService): Promise<ShortlistFigures> => ({
    small: await measure(service, `shortlist of ${SHORTLIST_SMALL}`, 200, call(service, { status: 'ACTIVE' }, SHORTLIST_SMALL)),
    large: await measure(service, `shortlist of ${SHORTLIST_LARGE}`, 30, call(service, {}, SHORTLIST_LARGE)),
  });
  try {
    const base = p.baseEvaluation;
    if (!base) return { current: [await runOn(p.evaluation)], base: [] };
    const figures = { current: [] as ShortlistFigures[], base: [] as ShortlistFigures[] };
    // Alternating, this tree first in odd rounds and the other first in even ones: the machine's
    // changing speed falls on both alike.
    for (let round = 0; round < SHORTLIST_ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (['current', 'base'] as const) : (['base', 'current'] as const);
      for (const which of order) figures[which].push(await runOn(which === 'current' ? p.evaluation : base));
    }
    return figures;
  } finally {
    agent.destroy();
  }
}

/** Reviews for a quarter of the completed evaluations, when this tree has the table; how many rows. */
async function seedReviews(db: Client): Promise<number> {
  const exists = await db.query<{ table: string | null }>("SELECT to_regclass('evaluation.evaluation_reviews')::text AS table");
  if (!exists.rows[0]?.table) return 0;
  const inserted = await db.query(
    `INSERT INTO evaluation.evaluation_reviews (evaluation_id, kind, decision, overall_score, reason, message, account_id, created_at)
     SELECT e.id, k.kind, k.decision, k.score, k.reason, k.message, k.account, now() + k.n * interval '1 second'
       FROM (SELECT id FROM evaluation.evaluations WHERE status = 'complete' AND get_byte(decode(md5(id::text), 'hex'), 0) < 64) e,
            (VALUES (1, 'REVIEW', 'CONFIRMED', NULL::float8, 'Checked', NULL, '00000000-0000-4000-8000-000000000001'::uuid),
                    (2, 'CONTEST', NULL, NULL, NULL, 'Please look again', NULL),
                    (3, 'REVIEW', 'OVERRIDDEN', 70, 'Panel', NULL, '00000000-0000-4000-8000-000000000001'::uuid))
              AS k(n, kind, decision, score, reason, message, account)
      ORDER BY e.id, k.n`,
  );
  return inserted.rowCount ?? 0;
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void>> = [];
  const setupStarted = performance.now();
  try {
    const p = await startPlatform(cleanups);
    const admin = keepAliveAgent();
    const api = (method: 'GET' | 'POST' | 'PUT', route: string, body?: object) =>
      callJson(method, `${p.evaluation.url}${route}`, { agent: admin, token: p.tokens.admin(), body });

    // The big team: 200 member personas, each with a completed evaluation (seeded in SQL).
    const members = await insertPersonas(p.db, TEAM_SIZE, 'Member');
    const big = expectStatus(await api('POST', '/algorithm/teams', { name: 'Two hundred', memberPersonaIds: members }), 201, 'team')[
      'id'
    ] as number;
    const home = expectStatus(await api('POST', '/algorithm/teams', { name: 'Home', memberPersonaIds: [] }), 201, 'team')['id'] as number;
    const [candidate] = await insertPersonas(p.db, 1, 'Candidate');
    const created = expectStatus(await api('POST', '/evaluation', { personaId: candidate, teamId: home }), 201, 'candidate evaluation');
    const candidateEvaluation = created['id'] as string;
    if ((created['progress'] as { total: number }).total !== 104) throw new Error('the seeded questionnaire should have 104 questions');
    await seedCompletedEvaluations(p.db, members, big, candidateEvaluation);
    const hugeMembers = await insertPersonas(p.db, HUGE_TEAM_SIZE, 'Crowd');
    // The API takes at most 1,000 members per request: the bigger team gets its members in SQL.
    const huge = expectStatus(await api('POST', '/algorithm/teams', { name: 'Two thousand', memberPersonaIds: [] }), 201, 'team')[
      'id'
    ] as number;
    await p.db.query('UPDATE evaluation.teams SET member_persona_ids = $1 WHERE id = $2', [hugeMembers, huge]);
    await seedCompletedEvaluations(p.db, hugeMembers, huge, candidateEvaluation);
    const answered = await answerAll(p.evaluation.url, candidateEvaluation, p.tokens.admin(), admin, () => Promise.resolve(), {
      throttled: 0,
    });
    log(
      `setup: platform, ${TEAM_SIZE} + ${HUGE_TEAM_SIZE} members with 104 answers each, candidate answered ${answered.answers.length} questions in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );
    await settleAfterSeeding(p.db);

    // BENCH_ONLY=<regex> runs only the parts whose name matches: compare-team, completing, personas, shortlist.
    const only = process.env['BENCH_ONLY'] ? new RegExp(process.env['BENCH_ONLY']) : /./;
    const compare = only.test('compare-team') ? await compareTeamRuns(p, candidateEvaluation, big) : undefined;
    const compareHuge = only.test('compare-team') ? await compareTeamRuns(p, candidateEvaluation, huge) : undefined;
    // Before the parts that add completed evaluations: the shortlist counts them all.
    const shortlist = only.test('shortlist') ? await shortlistRuns(p, big, members, hugeMembers, candidateEvaluation) : undefined;
    const completions = only.test('completing') ? await completionRun(p, big) : undefined;
    if (only.test('personas')) await questionnaireRun(p, big, 'direct', WARM_UP);
    const gateway = only.test('personas') ? await questionnaireRun(p, big, 'gateway') : undefined;
    const direct = only.test('personas') ? await questionnaireRun(p, big, 'direct') : undefined;
    admin.destroy();

    const row = (name: string, s: Measured | undefined, unit: string) =>
      s === undefined
        ? `| ${name} | not measured (BENCH_ONLY) | | | | | |`
        : `| ${name} | ${s.count} | ${fmt(s.p50)} ms | ${fmt(s.p99)} ms | ${fmt(s.max)} ms | ${s.perSecond.toFixed(1)} ${unit}/s | ${s.cpuMsPerCall === undefined ? '—' : `${s.cpuMsPerCall.toFixed(2)} ms`} |`;
    log(
      `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; each service, PostgreSQL and nginx in processes of their own\n`,
    );
    log('| measurement | calls | p50 | p99 | max | throughput | evaluation service CPU per call |');
    log('|---|---|---|---|---|---|---|');
    log(row(`compare-team vs ${TEAM_SIZE} members, sequential`, compare?.sequential, 'req'));
    log(row(`compare-team vs ${TEAM_SIZE} members, ${COMPARE_CONCURRENCY} concurrent`, compare?.concurrent, 'req'));
    log(row(`compare-team vs ${HUGE_TEAM_SIZE} members, sequential`, compareHuge?.sequential, 'req'));
    log(row(`compare-team vs ${HUGE_TEAM_SIZE} members, ${COMPARE_CONCURRENCY} concurrent`, compareHuge?.concurrent, 'req'));
    for (const [which, rounds] of Object.entries(shortlist ?? { current: [undefined] })) {
      for (const [index, figures] of (rounds as Array<ShortlistFigures | undefined>).entries()) {
        const label = shortlist?.base.length ? ` (${which}, round ${index + 1})` : '';
        log(
          row(`shortlist of ${SHORTLIST_SMALL} candidates vs ${TEAM_SIZE} members, limit 100, sequential${label}`, figures?.small, 'req'),
        );
        log(
          row(`shortlist of ${SHORTLIST_LARGE} candidates vs ${TEAM_SIZE} members, limit 100, sequential${label}`, figures?.large, 'req'),
        );
      }
    }
    log(row(`completing answer vs ${TEAM_SIZE} members, sequential`, completions, 'completions'));
    log(row(`${PERSONAS} personas through the gateway, every answer`, gateway?.answers, 'answers'));
    log(row(`… of which the completing answer (scored vs ${TEAM_SIZE})`, gateway?.finals, 'completions'));
    log(row(`${PERSONAS} personas straight to the service, every answer`, direct?.answers, 'answers'));
    log(row('… of which the completing answer', direct?.finals, 'completions'));
    if (gateway && direct) {
      log(
        `\nquestionnaire runs: gateway ${(gateway.wallMs / 1000).toFixed(1)} s (${gateway.throttled} answers throttled with 429), direct ${(direct.wallMs / 1000).toFixed(1)} s; each persona sends at most one request per ${PERSONA_INTERVAL_MS} ms`,
      );
    }
  } finally {
    for (const cleanup of cleanups.reverse())
      await withTimeout(cleanup(), 15_000, 'cleanup').catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
