// Measures the hub in Chromium (issue 32): how long after an answer the next question is on
// screen, over whole questionnaires, and the JavaScript a first visit loads (gzip). The built hub
// (dist/apps/hub-web) is served by @teamfit/web-host and calls the real gateway (rate limits
// lifted: one browser answering as fast as it can would measure the limit, not the app) in front
// of the services started as `npm start` starts them. The persona's session is put into the tab
// directly, so no sign-in e-mail is needed.
// Run: npm run bench:hub. BENCH_HUB_ROUNDS=<n> questionnaires (3 by default).
import { TokenSigner } from '@teamfit/auth';
import { freePort } from '@teamfit/gateway';
import { startWebAppServer } from '@teamfit/web-host';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { FIRST_VISIT_JS_BUDGET_BYTES, firstVisitSize } from '../tools/checks/first-visit-size';
import { percentile } from './bench-kit';
import { benchBasics, startBenchGateway, startBenchService } from './bench-services';
import { callJson, expectStatus, keepAliveAgent } from './bench-support';

const DIST_ROOT = path.resolve(__dirname, '..');
const HUB = path.join(DIST_ROOT, 'apps', 'hub-web');
const ROUNDS = Number(process.env['BENCH_HUB_ROUNDS'] ?? 3);
const TARGET_P95_MS = 100;

const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Installed in the page: the time from each answer's submit to the first frame after the next
 * question's heading (or the end page's) took the focus, which the app gives it once it is shown.
 */
const PROBE = `(() => {
  window.__answerMs = [];
  let submittedAt = null;
  document.addEventListener('submit', () => { submittedAt = performance.now(); }, true);
  document.addEventListener('focusin', (event) => {
    if (submittedAt === null || !/^H[12]$/.test(event.target.tagName)) return;
    const started = submittedAt;
    submittedAt = null;
    requestAnimationFrame(() => window.__answerMs.push(performance.now() - started));
  }, true);
})()`;

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const size = firstVisitSize(HUB);
    const basics = await benchBasics(cleanups);
    const settings = { databaseUrl: basics.databaseUrl, keys: basics.keys };
    // The organisation service seeds the questionnaire: it starts first.
    const organisation = await startBenchService('organisation', { ...settings, index: 0 }, cleanups);
    const [profile, evaluation] = await Promise.all([
      startBenchService('profile', { ...settings, index: 1 }, cleanups),
      startBenchService('evaluation', { ...settings, index: 2 }, cleanups),
    ]);
    const hubPort = await freePort();
    const hubOrigin = `http://localhost:${hubPort}`;
    const gateway = await startBenchGateway(
      (name) => {
        const port = { profile: profile.port, organisation: organisation.port, evaluation: evaluation.port }[name as string] ?? 1;
        return `127.0.0.1:${port}`;
      },
      { corsOrigins: [hubOrigin] },
    );
    cleanups.push(() => gateway.stop());
    const hub = await startWebAppServer({ root: HUB, port: hubPort, host: '127.0.0.1', apiBaseUrl: gateway.url });
    cleanups.push(() => hub.close());
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
    cleanups.push(() => browser.close());
    const signer = new TokenSigner({ ...basics.keys, issuer: 'teamfit', audience: 'teamfit-api' });
    const agent = keepAliveAgent();
    const team = expectStatus(
      await callJson('POST', `${evaluation.url}/algorithm/teams`, { agent, token: basics.admin, body: { name: 'Hub bench' } }),
      201,
      'team',
    );

    const samples: number[] = [];
    const calls: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `bench-${round}@example.test`;
      const persona = expectStatus(
        await callJson('POST', `${profile.url}/persona`, {
          agent,
          token: basics.admin,
          body: { user_id: randomUUID(), role: 'Engineer', description: 'bench', emailAddress: email, user: { firstName: 'Bench' } },
        }),
        201,
        'persona',
      );
      const personaId = String(persona['id']);
      const created = expectStatus(
        await callJson('POST', `${evaluation.url}/evaluation`, { agent, token: basics.admin, body: { personaId, teamId: team['id'] } }),
        201,
        'evaluation',
      );
      const accessToken = signer.sign({ sub: personaId, kind: 'persona', emailAddress: email, personaId }, 3600);
      const context = await browser.newContext();
      // The tab's session as the sign-in leaves it (the refresh token is never used within the hour).
      await context.addInitScript(
        `sessionStorage.setItem('teamfit.persona.session', ${JSON.stringify(JSON.stringify({ accessToken, refreshToken: 'unused' }))})`,
      );
      const page = await context.newPage();
      await page.goto(`${hub.url}/evaluations/${String(created['id'])}`);
      await page.evaluate(PROBE);
      const total = (created['progress'] as { total: number }).total;
      for (let position = 1; position <= total; position += 1) {
        await page.getByRole('heading', { level: 2, name: new RegExp(`^Question ${position} of ${total}\\b`) }).waitFor();
        await page
          .locator('.option input[type=radio]')
          .nth(position % 5)
          .check();
        await page.getByRole('button', { name: 'Save and continue' }).click();
      }
      await page.getByRole('heading', { level: 1, name: 'Thank you – you are done' }).waitFor();
      await page.waitForFunction('window.__answerMs.length >= ' + String(total));
      samples.push(...(await page.evaluate<number[]>('window.__answerMs')));
      // The answer calls alone (request to response end), from the page's resource timings.
      calls.push(
        ...(await page.evaluate<number[]>(
          "performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/answer')).map((entry) => entry.duration)",
        )),
      );
      await context.close();
    }
    agent.destroy();

    const sorted = [...samples].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    log(`hub: answer → next question shown, ${sorted.length} answers over ${ROUNDS} questionnaires (Chromium, headless)`);
    log(
      `  p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'})`,
    );
    const sortedCalls = [...calls].sort((a, b) => a - b);
    log(
      `  of which the POST …/answer call through the gateway: p50 ${percentile(sortedCalls, 50).toFixed(1)} ms, p95 ${percentile(sortedCalls, 95).toFixed(1)} ms (${sortedCalls.length} calls)`,
    );
    log(
      `hub: first visit loads ${size.files.length} script(s), ${(size.gzipBytes / 1024).toFixed(1)} KB gzip (${(size.rawBytes / 1024).toFixed(1)} KB raw); budget ${(FIRST_VISIT_JS_BUDGET_BYTES / 1024).toFixed(0)} KB`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
