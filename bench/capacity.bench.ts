// The gateway's capacity (docs/performance.md, "Gateway capacity"), its settings now and before
// side by side in one run:
// 1. connections: CONNECTIONS keep-alive clients connect at once, each asks for /health and
//    keeps its connection open; how many were answered, how many failed;
// 2. candidates: CANDIDATES personas answer their questionnaires at a human pace (1 to 3 s
//    between answers, at random), each from its own loopback address so each has its own rate
//    limit, through the real gateway with its limits to the real evaluation service, for
//    SECONDS seconds; the answers' latencies and every failed or refused request.
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { connect, type Socket } from 'node:net';
import { Client } from 'pg';
import { benchBasics, startBenchGateway, startBenchService, type BenchGateway } from './bench-services';
import { callJson, expectStatus, fmt, keepAliveAgent, summarise, withTimeout } from './bench-support';
import { TokenSigner } from '@teamfit/auth';

const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10_000);
const CANDIDATES = Number(process.env['BENCH_CANDIDATES'] ?? 1_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 60);
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The gateway's settings before they were sized for many clients: one worker of 1,024 connections. */
const BEFORE = (config: string): string =>
  config
    .replace(/^worker_processes auto;$/m, 'worker_processes 1;')
    .replace(/^worker_rlimit_nofile \d+;$/m, '')
    .replace(/worker_connections \d+;/, 'worker_connections 1024;')
    .replace(/^\s*keepalive_requests \d+;$/m, '');
const VARIANTS: Array<[string, (config: string) => string]> = [
  ['before: 1 worker, 1,024 connections', BEFORE],
  ['now: a worker per core, 16,384 connections each', (config) => config],
];

/** A loopback address of its own for client `index` (the whole 127/8 is this machine). */
const addressOf = (index: number): string => `127.${1 + Math.floor(index / 250)}.${index % 250}.${10 + (index % 7)}`;

interface ConnectionsResult {
  answered: number;
  failed: number;
  errors: Record<string, number>;
}

/** CONNECTIONS sockets at once, each one GET /health and held open until all are done. */
async function connections(port: number): Promise<ConnectionsResult> {
  const sockets: Socket[] = [];
  const errors: Record<string, number> = {};
  let answered = 0;
  await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      (_, index) =>
        new Promise<void>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port, localAddress: addressOf(index) });
          sockets.push(socket);
          let text = '';
          const fail = (code: string) => {
            errors[code] = (errors[code] ?? 0) + 1;
            resolve();
          };
          const timer = setTimeout(() => fail('no answer in 30 s'), 30_000);
          socket.setEncoding('utf8');
          socket.on('connect', () => socket.write('GET /health HTTP/1.1\r\nHost: gateway\r\n\r\n'));
          socket.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('healthy\n')) {
              clearTimeout(timer);
              if (text.startsWith('HTTP/1.1 200')) answered += 1;
              else fail(text.slice(0, 12));
              resolve();
            }
          });
          socket.on('error', (error: NodeJS.ErrnoException) => {
            clearTimeout(timer);
            fail(error.code ?? error.message);
          });
          socket.on('close', () => {
            clearTimeout(timer);
            if (!text.includes('healthy\n')) fail('closed without an answer');
          });
        }),
    ),
  );
  for (const socket of sockets) socket.destroy();
  return { answered, failed: CONNECTIONS - answered, errors };
}

interface CandidatesResult {
  answers: ReturnType<typeof summarise>;
  failed: Record<string, number>;
}

/** Each candidate answers its own evaluation, waiting 1 to 3 s between answers, until SECONDS are over. */
async function candidates(gateway: BenchGateway, evaluations: Array<{ id: string; token: string }>): Promise<CandidatesResult> {
  const samples: number[] = [];
  const failed: Record<string, number> = {};
  const count = (what: string) => (failed[what] = (failed[what] ?? 0) + 1);
  const started = performance.now();
  const endAt = started + SECONDS * 1000;
  await Promise.all(
    evaluations.map(async ({ id, token }, index) => {
      const agent = keepAliveAgent(addressOf(index));
      try {
        // Candidates arrive over the first three seconds, not in one instant.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3000));
        const read = await callJson('GET', `${gateway.url}/evaluation/evaluation/${id}`, { agent, token }).catch(() => undefined);
        let question = (read?.body as { currentQuestion?: { id: number } } | undefined)?.currentQuestion?.id;
        let n = 0;
        while (question !== undefined && performance.now() < endAt) {
          await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));
          const body = { questionId: question, value: 1 + ((n * 7 + question) % 5), timeTaken: 4 };
          n += 1;
          try {
            const response = await callJson('POST', `${gateway.url}/evaluation/evaluation/${id}/answer`, { agent, token, body });
            if (response.status !== 200) {
              count(`HTTP ${response.status}`);
              continue;
            }
            samples.push(response.ms);
            question = (response.body as { nextQuestion?: { id: number } | null }).nextQuestion?.id;
          } catch (error) {
            count((error as NodeJS.ErrnoException).code ?? (error as Error).message);
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return { answers: summarise(samples, performance.now() - started), failed };
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const basics = await benchBasics(cleanups);
    const settings = { databaseUrl: basics.databaseUrl, keys: basics.keys };
    // The organisation service seeds the questionnaire the evaluations ask.
    await startBenchService('organisation', { ...settings, index: 1 }, cleanups);
    const evaluation = await startBenchService('evaluation', { ...settings, index: 2 }, cleanups);
    const db = new Client({ connectionString: basics.databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const setup = keepAliveAgent();
    const team = expectStatus(
      await callJson('POST', `${evaluation.url}/algorithm/teams`, {
        agent: setup,
        token: basics.admin,
        body: { name: 'Capacity', memberPersonaIds: [] },
      }),
      201,
      'team',
    )['id'] as number;
    const signer = new TokenSigner({ ...basics.keys, issuer: 'teamfit', audience: 'teamfit-api' });
    /** Fresh personas and evaluations for a run: every candidate starts at the first question. */
    const freshEvaluations = async (): Promise<Array<{ id: string; token: string }>> => {
      const personas = await db.query<{ id: string }>(
        `INSERT INTO profile.personas (user_id, user_first_name, role, description)
         SELECT gen_random_uuid(), 'Candidate ' || g, 'Engineer', 'capacity' FROM generate_series(1, $1::int) AS g RETURNING id`,
        [CANDIDATES],
      );
      const made: Array<{ id: string; token: string }> = [];
      for (const { id: personaId } of personas.rows) {
        const created = expectStatus(
          await callJson('POST', `${evaluation.url}/evaluation`, { agent: setup, token: basics.admin, body: { personaId, teamId: team } }),
          201,
          'evaluation',
        );
        const token = signer.sign({ sub: personaId, kind: 'persona', emailAddress: `${randomUUID()}@bench.test`, personaId }, 3600);
        made.push({ id: String(created['id']), token });
      }
      return made;
    };
    const rows: string[] = [];
    for (const [label, transform] of VARIANTS) {
      const gateway = await startBenchGateway((service) => (service === 'evaluation' ? `127.0.0.1:${evaluation.port}` : '127.0.0.1:1'), {
        rateLimits: true,
        transform,
      });
      cleanups.push(() => gateway.stop());
      const port = Number(new URL(gateway.url).port);
      const held = await connections(port);
      const evaluations = await freshEvaluations();
      const run = await candidates(gateway, evaluations);
      await gateway.stop();
      const failures = Object.entries(run.failed)
        .map(([what, times]) => `${times} × ${what}`)
        .join(', ');
      rows.push(
        `| ${label} | ${held.answered} of ${CONNECTIONS}${
          held.failed
            ? ` (${Object.entries(held.errors)
                .map(([what, times]) => `${times} × ${what}`)
                .join(', ')})`
            : ''
        } | ${run.answers.count} (${run.answers.perSecond.toFixed(0)}/s) | ${fmt(run.answers.p50)} ms | ${fmt(run.answers.p99)} ms | ${fmt(run.answers.max)} ms | ${failures || 'none'} |`,
      );
    }
    setup.destroy();
    log(
      `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${CANDIDATES} candidates for ${SECONDS} s each run\n`,
    );
    log('| gateway settings | keep-alive clients answered | answers | p50 | p99 | max | failed or refused requests |');
    log('|---|---|---|---|---|---|---|');
    for (const row of rows) log(row);
  } finally {
    for (const cleanup of cleanups.reverse())
      await withTimeout(Promise.resolve(cleanup()), 15_000, 'cleanup').catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
