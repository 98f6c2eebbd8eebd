// The adverse-impact report (POST /algorithm/teams/:id/adverse-impact, issue 34) on a team of a few
// hundred members and as many other candidates: its latency against the shortlist's first page
// and the shortlist read whole (every page of 100), since the report samples the whole shortlist.
// The services run built, as `npm start` runs them (organisation seeds the 104-question
// questionnaire); members and candidates are written straight into the tables, with seeded
// random answers and declared demographics for most of them.
// Run: npm run bench:adverse-impact. Uses DATABASE_URL (migrated in
// place) or an embedded PostgreSQL in a temp folder; services on free ports, loopback only.
// BENCH_MEMBERS (default 300) and BENCH_CANDIDATES (default 300) size the team and the pool.
import { Client } from 'pg';
import { benchBasics, evaluationToRead, startBenchService } from './bench-services';
import { insertCompletedEvaluations } from './seed-evaluations';
import { callJson, expectStatus, fmt, keepAliveAgent, summarise } from './bench-support';

const MEMBERS = Number(process.env['BENCH_MEMBERS'] ?? 300);
const CANDIDATES = Number(process.env['BENCH_CANDIDATES'] ?? 300);
const ROUNDS = 20;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function insertPersonas(db: Client, count: number, label: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO profile.personas (user_id, user_first_name, role, description)
     SELECT gen_random_uuid(), $2 || g, 'Engineer', $2 || ' ' || g FROM generate_series(1, $1::int) AS g RETURNING id`,
    [count, label],
  );
  return rows.rows.map((row) => row.id);
}

/** Most declare (every category, some DECLINED); every seventh declares nothing. */
async function declareDemographics(db: Client, personaIds: string[]): Promise<void> {
  await db.query(
    `INSERT INTO profile.persona_demographics (persona_id, sex, race_ethnicity, consented_at)
     SELECT p, (ARRAY['FEMALE','MALE','OTHER','DECLINED'])[1 + (n % 4)],
            (ARRAY['HISPANIC_OR_LATINO','WHITE','BLACK_OR_AFRICAN_AMERICAN','NATIVE_HAWAIIAN_OR_PACIFIC_ISLANDER','ASIAN','AMERICAN_INDIAN_OR_ALASKA_NATIVE','TWO_OR_MORE_RACES','DECLINED'])[1 + (n % 8)],
            now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS x(p, n) WHERE n % 7 <> 0`,
    [personaIds],
  );
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const basics = await benchBasics(cleanups);
    const settings = { databaseUrl: basics.databaseUrl, keys: basics.keys };
    // The organisation service seeds the questionnaire when it starts.
    await startBenchService('organisation', { ...settings, index: 1 }, cleanups);
    const profile = await startBenchService('profile', { ...settings, index: 2 }, cleanups);
    const evaluation = await startBenchService('evaluation', { ...settings, index: 3 }, cleanups);
    const db = new Client({ connectionString: basics.databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());

    const fixed = await evaluationToRead({ profile: profile.url, evaluation: evaluation.url }, basics.admin);
    const members = await insertPersonas(db, MEMBERS, 'Member');
    const candidates = await insertPersonas(db, CANDIDATES, 'Candidate');
    const agent = keepAliveAgent();
    const team = expectStatus(
      await callJson('POST', `${evaluation.url}/algorithm/teams`, {
        agent,
        token: basics.admin,
        body: { name: 'Audited', memberPersonaIds: members },
      }),
      201,
      'team',
    );
    const teamId = Number(team['id']);
    await insertCompletedEvaluations(db, {
      personaIds: [...members, ...candidates],
      teamId,
      versionFrom: fixed,
      seed: 0.34,
      spreadCompletions: true,
    });
    await declareDemographics(db, [...members, ...candidates]);
    await db.query('VACUUM (ANALYZE)');
    log(
      `adverse-impact bench: team of ${MEMBERS} members, ${CANDIDATES} other candidates, 104 questions; ${ROUNDS} calls each, one at a time`,
    );

    const time = async (what: string, call: () => Promise<unknown>): Promise<void> => {
      const first = process.hrtime.bigint();
      await call();
      const firstMs = Number(process.hrtime.bigint() - first) / 1e6;
      const samples: number[] = [];
      const started = Date.now();
      for (let round = 0; round < ROUNDS; round += 1) {
        const at = process.hrtime.bigint();
        await call();
        samples.push(Number(process.hrtime.bigint() - at) / 1e6);
      }
      const summary = summarise(samples, Date.now() - started);
      log(`${what}: first ${fmt(firstMs)} ms, then p50 ${fmt(summary.p50)} ms, p99 ${fmt(summary.p99)} ms, max ${fmt(summary.max)} ms`);
    };
    const post = async (path: string, body: object): Promise<Record<string, unknown>> =>
      expectStatus(await callJson('POST', `${evaluation.url}${path}`, { agent, token: basics.admin, body }), 200, path);
    let sampleSize = 0;
    await time('shortlist, first page of 10', () => post(`/algorithm/teams/${teamId}/shortlist`, {}));
    await time('shortlist, every page of 100', async () => {
      for (let page = 1; ; page += 1) {
        const body = await post(`/algorithm/teams/${teamId}/shortlist`, { page, limit: 100 });
        if (page * 100 >= Number(body['total'])) break;
      }
    });
    await time('adverse-impact report', async () => {
      sampleSize = Number((await post(`/algorithm/teams/${teamId}/adverse-impact`, {}))['sampleSize']);
    });
    await time('adverse-impact report with a cutoff', () => post(`/algorithm/teams/${teamId}/adverse-impact`, { cutoff: 60 }));
    log(`sample: ${sampleSize} people`);
    agent.destroy();
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
