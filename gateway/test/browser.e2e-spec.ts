// What a browser does with the gateway, in a real one: Debian's Chromium, headless, driven by
// playwright-core. The API pages load under their CSP without spending the sign-in budget. App
// pages are served from two local origins, the allowed app origin and another one; their calls are
// made by the pages' own fetch, so the browser runs its preflights and decides what a page may read.
import { s256Challenge } from '@teamfit/auth';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { freePort } from '@teamfit/gateway';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { authAppModule } from '../../apps/auth/src/auth-app.module';
import { evaluationAppModule } from '../../apps/evaluation/src/evaluation-app.module';
import { organisationAppModule } from '../../apps/organisation/src/organisation-app.module';

const ROOT = path.resolve(__dirname, '../..');
const ADMIN_EMAIL = 'root@teamfit.test';
const CHROMIUM = '/usr/bin/chromium';

/** A frontend's stand-in: one empty page at `/` on its own origin. */
async function startAppOrigin(): Promise<{ origin: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>app</title></head><body></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://localhost:${port}`, server };
}

interface CallResult {
  ok: boolean;
  status?: number;
  body?: unknown;
  totalCount?: string | null;
  error?: string;
}

/** One fetch made by the page itself; a CORS refusal is a rejected fetch (TypeError). */
function callFrom(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<CallResult> {
  return page.evaluate(
    async ({ url, method, headers, body }) => {
      try {
        const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        return { ok: true, status: response.status, body: await response.json(), totalCount: response.headers.get('X-Total-Count') };
      } catch (error) {
        return { ok: false, error: (error as Error).name };
      }
    },
    { url, method: init.method ?? 'GET', headers: init.headers ?? {}, body: init.body },
  );
}

describe('the gateway in a real browser (headless Chromium)', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let smtp: SmtpListener;
  let services: RunningTestService[] = [];
  let gateway: TestGateway;
  let allowed: { origin: string; server: Server };
  let other: { origin: string; server: Server };
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)`);
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    const options = { databaseUrl: database.url, keys: tokens.keys, env: { SMTP_URL: smtp.url, ADMIN_EMAIL } };
    // The organisation service ensures the administrator account when it starts.
    const organisation = await startTestService('organisation', organisationAppModule, options);
    const [auth, evaluation] = await Promise.all([
      startTestService('auth', authAppModule, options),
      startTestService('evaluation', evaluationAppModule, options),
    ]);
    services = [organisation, auth, evaluation];
    allowed = await startAppOrigin();
    other = await startAppOrigin();
    // The allowed origin plays ADMIN_APP_ORIGIN; the other one is configured nowhere.
    gateway = await startTestGateway(
      ROOT,
      { auth: auth.port, organisation: organisation.port, evaluation: evaluation.port },
      { corsOrigins: [allowed.origin] },
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    for (const app of [allowed, other]) if (app) await new Promise((resolve) => app.server.close(resolve));
    await Promise.all(services.map((service) => service.close()));
    await smtp?.close();
    await database?.drop();
  });

  const openPage = async (origin: string): Promise<Page> => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    return page;
  };

  // Each load in a fresh context, whose cache is empty: every page fetches all its files, some 20
  // requests under /auth in all, past the sign-in burst of 10, which the next test then needs.
  it('the API pages render every operation under their CSP, load after load', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (const [pagePath, operationPath] of [
        ['/docs', '/auth/login'],
        ['/auth/docs', '/login'],
      ] as const) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        const loaded = await page.goto(`${gateway.url}${pagePath}`);
        expect({ pagePath, status: loaded?.status() }).toEqual({ pagePath, status: 200 });
        await page.locator('.opblock-summary-path', { hasText: operationPath }).first().waitFor({ timeout: 30_000 });
        expect({ pagePath, problems }).toEqual({ pagePath, problems: [] });
        await context.close();
      }
    }
  });

  it.each(['/docs', '/auth/docs'])('%s keeps the token across a reload and filters the operations by tag', async (pagePath) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${gateway.url}${pagePath}`);
    await page.locator('button.authorize').first().click();
    await page.locator('.modal-ux input[type=text]').first().fill('a-token-kept');
    await page.locator('.modal-ux button.authorize').first().click();
    await page.locator('.modal-ux button.close-modal').first().click();
    await page.reload();
    await page.locator('button.authorize.locked').first().waitFor({ timeout: 30_000 });
    const filter = page.locator('input.operation-filter-input');
    await filter.fill('health');
    await page.locator('.opblock-tag-section').first().waitFor();
    const tags = await page.locator('.opblock-tag').allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag.toLowerCase()).toContain('health');
    await context.close();
  });

  it('a page on the allowed origin signs in and reads through the gateway, headers included', async () => {
    const page = await openPage(allowed.origin);
    const verifier = randomBytes(32).toString('base64url');
    // JSON and X-App-Source make the browser ask first (preflight) for each of these calls.
    const json = { 'Content-Type': 'application/json', 'X-App-Source': 'admin' };
    const login = await callFrom(page, `${gateway.url}/auth/login`, {
      method: 'POST',
      headers: json,
      body: { emailAddress: ADMIN_EMAIL, codeChallenge: s256Challenge(verifier) },
    });
    expect(login).toMatchObject({ ok: true, status: 200, body: { accessToken: expect.any(String) } });
    const loginToken = (login.body as { accessToken: string }).accessToken;

    const otp = otpFromMail(await smtp.latestTo(ADMIN_EMAIL));
    const verified = await callFrom(page, `${gateway.url}/auth/verify`, {
      method: 'POST',
      headers: { ...json, Authorization: `Bearer ${loginToken}` },
      body: { otp, codeVerifier: verifier },
    });
    expect(verified).toMatchObject({ ok: true, status: 200, body: { account: { emailAddress: ADMIN_EMAIL, isAdmin: true } } });
    const accessToken = (verified.body as { accessToken: string }).accessToken;

    // An authenticated read; the page may read X-Total-Count because the gateway exposes it.
    const roles = await callFrom(page, `${gateway.url}/evaluation/algorithm/roles`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(roles).toEqual({ ok: true, status: 200, body: [], totalCount: '0' });
    // Errors are readable too: the platform error body of a refused call.
    const refused = await callFrom(page, `${gateway.url}/evaluation/algorithm/roles`, { headers: { Authorization: 'Bearer not-a-token' } });
    expect(refused).toMatchObject({ ok: true, status: 403, body: { statusCode: 403, error: 'Forbidden' } });
    await page.close();
  });

  it('a page on another origin is refused by the browser: its calls reject, with or without a preflight', async () => {
    const page = await openPage(other.origin);
    const preflighted = await callFrom(page, `${gateway.url}/evaluation/algorithm/roles`, {
      headers: { Authorization: `Bearer ${tokens.admin()}` },
    });
    expect(preflighted).toEqual({ ok: false, error: 'TypeError' });
    const simple = await callFrom(page, `${gateway.url}/auth/health`);
    expect(simple).toEqual({ ok: false, error: 'TypeError' });
    // The same calls from the allowed origin go through: the refusal is the origin's, not the call's.
    const allowedPage = await openPage(allowed.origin);
    expect(await callFrom(allowedPage, `${gateway.url}/auth/health`)).toMatchObject({ ok: true, status: 200, body: { status: 'ok' } });
    await page.close();
    await allowedPage.close();
  });
});
