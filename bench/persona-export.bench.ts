// A persona's export (GET /persona/:id/export, issue 17): is it streamed, and what does it cost?
//   1. Personas with 200 and with 2,000 completed evaluations (100 questions each, every answer,
//      stored results): bytes, time, and the most live heap (measured after a full collection,
//      every 100 ms) while answering, above what was live before. The service and this client
//      share the process; the client throws the bytes away as they come.
//   2. The API-call log search: the export of a persona with no evaluations over a log of
//      BENCH_EXPORT_LOG_ENTRIES entries (default 1,000,000), which it reads whole.
// Run: npm run bench:export. Loopback only.
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { Client } from 'pg';
import { profileAppModule } from '../apps/profile/src/profile-app.module';
import { scratchDatabase } from './bench-kit';

const QUESTIONS = 100;
const LOG_ENTRIES = Number(process.env['BENCH_EXPORT_LOG_ENTRIES'] ?? 1_000_000);
const MIB = 1024 * 1024;

const RESULTS = {
  overallScore: 72.5,
  overallCategory: 'high',
  totalTimeTaken: 600,
  dimensions: Array.from({ length: 16 }, (_, index) => ({
    questionGroupId: index + 1,
    name: `dimension ${index + 1}`,
    scoreType: 'SUPPLEMENTARY',
    scorePercentage: 70,
    scoreCategory: 'high',
    weightPercentage: 6.25,
    detail: { candidateLevel: 3.5, teamMean: 3.2, teamMin: 2, teamMax: 4.5, delta: 0.3 },
  })),
  teamSize: 5,
  scoringVersion: 'workstyle-2',
  validity: { fakingIndex: null, fastAnswerRatio: 0, longestSameAnswerRun: 2, flagged: false },
};

async function seedPersona(client: Client, evaluations: number): Promise<string> {
  const persona = await client.query<{ id: string }>(
    `INSERT INTO profile.personas (user_id, role, description, email_address) VALUES (gen_random_uuid(), 'Analyst', 'bench', $1) RETURNING id`,
    [`bench-${randomUUID()}@example.test`],
  );
  const id = persona.rows[0]?.id ?? '';
  const questionSet = {
    groups: [{ id: 1, name: 'pace', title: 'Pace', scoreType: 'SUPPLEMENTARY' }],
    questions: Array.from({ length: QUESTIONS }, (_, index) => ({
      id: index + 1,
      text: `Question ${index + 1}: I like to work at a steady, predictable pace.`,
      summary: null,
      type: 'LIKERT',
      likertAnswerSet: 'agree',
      questionGroupId: 1,
      questionGroupName: 'pace',
      questionGroupTitle: 'Pace',
      orderIndex: index,
      reverseScore: false,
      faking: false,
      metadata: null,
    })),
  };
  await client.query(`INSERT INTO evaluation.questionnaire_versions (hash, question_set) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING`, [
    'bench',
    JSON.stringify(questionSet),
  ]);
  await client.query(`INSERT INTO evaluation.teams (name, member_persona_ids) VALUES ('Bench', ARRAY[$1::uuid])`, [id]);
  await client.query(
    `INSERT INTO evaluation.evaluations (persona_id, team_id, status, questionnaire_version_id, total, answered, answer_values, results, completed_at, created_at)
     SELECT $1::uuid, (SELECT max(id) FROM evaluation.teams), 'complete', (SELECT id FROM evaluation.questionnaire_versions WHERE hash = 'bench'),
            ${QUESTIONS}, ${QUESTIONS}, decode(repeat('03', ${QUESTIONS}), 'hex'), $2::jsonb, now() - i * interval '1 hour', now() - i * interval '1 hour'
       FROM generate_series(1, $3::int) AS i`,
    [id, JSON.stringify(RESULTS), evaluations],
  );
  await client.query(
    `INSERT INTO evaluation.evaluation_answers (evaluation_id, question_id, value, time_taken)
     SELECT e.id, q, 1 + q % 5, 6 FROM evaluation.evaluations e, generate_series(1, ${QUESTIONS}) AS q WHERE e.persona_id = $1::uuid`,
    [id],
  );
  return id;
}

async function seedLog(client: Client, entries: number): Promise<void> {
  await client.query(
    `SELECT telemetry.ensure_month_partition(d) FROM generate_series(now() - interval '400 days', now(), interval '1 month') AS d`,
  );
  // By administrators: the calls the export must search the text of (docs/adr/0068-api-call-log-records-its-caller.md).
  await client.query(
    `INSERT INTO telemetry.api_calls (service, start_time, end_time, processing_time, method, url, http_version, status_code, caller_app, device_type, raw_headers, body, params, query, caller_kind, caller_id)
     SELECT 'profile', t, t, 3, 'POST', '/persona', '1.1', 201, 'hub', 'desktop', '["user-agent","Mozilla/5.0"]',
            json_build_object('emailAddress', 'someone' || i || '@example.test', 'description', 'a body of about a hundred characters, as a form sends them'), '{}', '{}',
            'administrator', '00000000-0000-4000-8000-000000000001'
       FROM generate_series(1, $1::int) AS i, LATERAL (SELECT now() - (i % 399) * interval '1 day') AS x(t)`,
    [entries],
  );
  await client.query('ANALYZE telemetry.api_calls');
}

interface ExportRun {
  bytes: number;
  seconds: number;
  peakHeapMiB: number;
}

/** The heap still in use: after a full collection when the process allows one (--expose-gc). */
const liveHeap = (): number => {
  global.gc?.();
  return process.memoryUsage().heapUsed;
};

/**
 * One export, read and thrown away. With `sampleHeap` the live heap is sampled meanwhile (the
 * collections this takes slow the export: its time is then not a figure to quote).
 */
async function exportOnce(service: RunningTestService, token: string, personaId: string, sampleHeap: boolean): Promise<ExportRun> {
  const baseline = liveHeap();
  let peak = baseline;
  const sampler = setInterval(() => (peak = sampleHeap ? Math.max(peak, liveHeap()) : peak), 100);
  const started = process.hrtime.bigint();
  const bytes = await new Promise<number>((resolve, reject) => {
    get(`${service.url}/persona/${personaId}/export`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      let total = 0;
      response.on('data', (chunk: Buffer) => (total += chunk.length));
      response.on('end', () => resolve(total));
      response.on('error', reject);
    }).on('error', reject);
  });
  clearInterval(sampler);
  return {
    bytes,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    peakHeapMiB: sampleHeap ? (peak - baseline) / MIB : Number.NaN,
  };
}

async function main(): Promise<void> {
  const database = await scratchDatabase();
  const client = new Client({ connectionString: database.url });
  await client.connect();
  const tokens = new TestTokens();
  const service = await startTestService('profile', (config) => profileAppModule(config), {
    databaseUrl: database.url,
    keys: tokens.keys,
    env: { REQUEST_LOG: 'off' },
  });
  try {
    if (!global.gc) console.log('no --expose-gc: the heap figures include garbage not yet collected');
    const personas = { small: await seedPersona(client, 200), large: await seedPersona(client, 2_000) };
    await client.query('ANALYZE');
    console.log(
      '\n1. Evaluations (three rounds, alternating): time without sampling; the live heap while answering, above the live heap before',
    );
    const runs: Record<'small' | 'large', Array<{ timed: ExportRun; sampled: ExportRun }>> = { small: [], large: [] };
    for (let round = 0; round < 3; round += 1) {
      for (const size of ['small', 'large'] as const) {
        const timed = await exportOnce(service, tokens.admin(), personas[size], false);
        runs[size].push({ timed, sampled: await exportOnce(service, tokens.admin(), personas[size], true) });
      }
    }
    for (const size of ['small', 'large'] as const) {
      const evaluations = size === 'small' ? 200 : 2_000;
      for (const { timed, sampled } of runs[size]) {
        const rate = timed.bytes / MIB / timed.seconds;
        console.log(
          `  ${String(evaluations).padStart(5)} evaluations: ${(timed.bytes / MIB).toFixed(1)} MiB in ${timed.seconds.toFixed(2)} s (${rate.toFixed(1)} MiB/s); live heap +${sampled.peakHeapMiB.toFixed(1)} MiB at most`,
        );
      }
    }

    console.log(`\n2. The API-call log search: ${LOG_ENTRIES.toLocaleString('en')} entries`);
    const seeded = Date.now();
    await seedLog(client, LOG_ENTRIES);
    console.log(`  seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    const [nobody] = (
      await client.query<{ id: string }>(
        `INSERT INTO profile.personas (user_id, role, description, email_address) VALUES (gen_random_uuid(), 'x', 'x', 'nobody@example.test') RETURNING id`,
      )
    ).rows;
    for (let round = 0; round < 3; round += 1) {
      const run = await exportOnce(service, tokens.admin(), nobody?.id ?? '', false);
      console.log(
        `  export of a persona with nothing else: ${run.seconds.toFixed(2)} s (${((run.seconds * 1e6) / LOG_ENTRIES).toFixed(2)} µs per entry read)`,
      );
    }
  } finally {
    await service.close();
    await client.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
