// The candidate's side in a real browser (Debian's Chromium, headless, driven by playwright-core):
// the built hub (dist/apps/hub-web, `npm run build`) served by @teamfit/web-host under its CSP,
// the real services behind the real gateway, invitations and sign-in codes from a real SMTP
// listener. Each candidate is invited by an administrator and opens the e-mailed link. One
// candidate answers with the mouse, closes the browser half-way and resumes, changes an earlier
// answer and completes; another does it all with the keyboard on a 320 px wide screen; the first
// then files, follows and confirms a service request. axe-core checks every page.
//
// Rate limits are the gateway's own: answers are spaced 110 ms apart (under /evaluation's 10
// requests a second); the file signs in three times and renews once (seven of the sign-in burst
// of ten).
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { freePort } from '@teamfit/gateway';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { mailPartText, otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { type RunningWebApp, startWebAppServer } from '@teamfit/web-host';
import { expectAccessible, focusedText, focusOnceMoved, inPage, nextMail as nextMailTo, watchedContext } from '@teamfit/web-host/testing';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import request from 'supertest';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { profileAppModule } from '../../profile/src/profile-app.module';

const ROOT = path.resolve(__dirname, '../../..');
const BUILT_HUB = path.join(ROOT, 'dist/apps/hub-web');
const CHROMIUM = '/usr/bin/chromium';
const TOTAL = 104;
const HALF = 52;

interface Candidate {
  email: string;
  personaId: string;
  evaluationId: string;
  /** The value the test chose for each position (1-based), as the platform must have stored it. */
  chosen: Map<number, number>;
}

/** The value a candidate gives the question at a position: every value of the scale comes up. */
const valueAt = (position: number) => (position % 5) + 1;
const questionHeading = (position: number) => new RegExp(`^Question ${position} of ${TOTAL}\\b`);

describe('the hub in a real browser: sign-in, the questionnaire, resuming, the keyboard alone, support', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let smtp: SmtpListener;
  let services: RunningTestService[] = [];
  let gateway: TestGateway;
  let hub: RunningWebApp;
  let browser: Browser;
  let teamId = 0;
  let lastAnswerAt = 0;
  const problems: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)`);
    if (!existsSync(path.join(BUILT_HUB, 'index.html'))) throw new Error(`${BUILT_HUB} is missing: run npm run build`);
    const hubPort = await freePort();
    const hubOrigin = `http://localhost:${hubPort}`;
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    const options = { databaseUrl: database.url, keys: tokens.keys, env: { SMTP_URL: smtp.url, HUB_APP_ORIGIN: hubOrigin } };
    // The organisation service seeds the platform questionnaire when it starts.
    const organisation = await startTestService('organisation', organisationAppModule, options);
    const [profile, evaluation] = await Promise.all([
      startTestService('profile', profileAppModule, options),
      startTestService('evaluation', evaluationAppModule, options),
    ]);
    services = [organisation, profile, evaluation];
    gateway = await startTestGateway(
      ROOT,
      { profile: profile.port, organisation: organisation.port, evaluation: evaluation.port },
      { corsOrigins: [hubOrigin] },
    );
    hub = await startWebAppServer({ root: BUILT_HUB, port: hubPort, host: '127.0.0.1', apiBaseUrl: gateway.url });
    expect(hub.url).toBe(hubOrigin);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    const team = await request(gateway.url).post('/evaluation/algorithm/teams').set('Authorization', admin).send({ name: 'Hub team' });
    expect(team.status).toBe(201);
    teamId = (team.body as { id: number }).id;
  });

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    await gateway?.stop();
    await Promise.all(services.map((service) => service.close()));
    await smtp?.close();
    await database?.drop();
  });

  afterEach(() => {
    // Console errors include CSP refusals: the built app must run under the web host's policy.
    expect(problems.splice(0)).toEqual([]);
  });

  const createCandidate = async (firstName: string): Promise<Candidate> => {
    const email = `${firstName.toLowerCase()}+hub@example.test`;
    const persona = await request(gateway.url)
      .post('/profile/persona')
      .set('Authorization', admin)
      .send({ user_id: randomUUID(), role: 'Engineer', description: `${firstName}, candidate`, emailAddress: email, user: { firstName } });
    expect(persona.status).toBe(201);
    const personaId = (persona.body as { id: string }).id;
    const evaluation = await request(gateway.url).post('/evaluation/evaluation').set('Authorization', admin).send({ personaId, teamId });
    expect(evaluation.status).toBe(201);
    return { email, personaId, evaluationId: (evaluation.body as { id: string }).id, chosen: new Map() };
  };

  /**
   * An administrator invites the candidate; the link is read from the e-mail that arrives: the
   * hub's page of the evaluation, the address in the fragment, no credential.
   */
  const invite = async (candidate: Candidate): Promise<string> => {
    const before = mailsTo(candidate.email);
    const invited = await request(gateway.url)
      .post(`/evaluation/evaluation/${candidate.evaluationId}/invitation`)
      .set('Authorization', admin);
    expect(invited.status).toBe(201);
    const mail = await nextMail(candidate.email, before);
    const link = mailPartText(mail, 'text/plain')
      .split('\n')
      .find((line) => line.startsWith(`${hub.url}/`));
    expect(link).toBe(`${hub.url}/evaluations/${candidate.evaluationId}#email=${encodeURIComponent(candidate.email)}`);
    const evaluation = await request(gateway.url).get(`/evaluation/evaluation/${candidate.evaluationId}`).set('Authorization', admin);
    expect((evaluation.body as { invitedAt: unknown }).invitedAt).toEqual(expect.any(String));
    return link ?? '';
  };

  const newContext = (options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> =>
    watchedContext(browser, problems, options);

  /** Nothing scrolls sideways: the page reflows to the viewport's width. */
  const expectNoSidewaysScroll = async (page: Page, label: string) => {
    const widths = await inPage<{ content: number; viewport: number }>(
      page,
      '({ content: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth })',
    );
    expect({ label, fits: widths.content <= widths.viewport, widths }).toEqual({ label, fits: true, widths });
  };

  const nextMail = (email: string, before: number) => nextMailTo(smtp, email, before);
  const nextCode = async (email: string, before: number): Promise<string> => otpFromMail(await nextMail(email, before));
  const mailsTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email)).length;

  const paceAnswers = async () => {
    const wait = lastAnswerAt + 110 - Date.now();
    if (wait > 0) await sleep(wait);
    lastAnswerAt = Date.now();
  };

  const signInWithMouse = async (page: Page, candidate: Candidate) => {
    const before = mailsTo(candidate.email);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // The invitation's fragment filled the address in.
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(candidate.email);
    await expectAccessible(page, 'sign-in: address');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter the code from the e-mail' }).waitFor();
    await expectAccessible(page, 'sign-in: code');
    await page.getByLabel('Code').fill(await nextCode(candidate.email, before));
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  const answerWithMouse = async (page: Page, candidate: Candidate, position: number) => {
    await page.getByRole('heading', { level: 2, name: questionHeading(position) }).waitFor();
    const value = valueAt(position);
    await page
      .locator('.option input[type=radio]')
      .nth(value - 1)
      .check();
    await paceAnswers();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    candidate.chosen.set(position, value);
  };

  /** What the platform stored, read by the administrator: position → value. */
  const storedAnswers = async (candidate: Candidate) => {
    const rail = await request(gateway.url).get(`/evaluation/evaluation/${candidate.evaluationId}/questions`).set('Authorization', admin);
    expect(rail.status).toBe(200);
    const items = (rail.body as { items: Array<{ order: number; status: string; answer?: { value: number } }> }).items;
    return new Map(items.filter((item) => item.answer).map((item) => [item.order + 1, item.answer?.value]));
  };

  const expectComplete = async (candidate: Candidate) => {
    const evaluation = await request(gateway.url).get(`/evaluation/evaluation/${candidate.evaluationId}`).set('Authorization', admin);
    expect(evaluation.body).toMatchObject({ status: 'complete', progress: { answered: TOTAL, total: TOTAL }, results: expect.any(Object) });
    expect((evaluation.body as { results: { overallScore: unknown } }).results.overallScore).toEqual(expect.any(Number));
    expect(await storedAnswers(candidate)).toEqual(candidate.chosen);
  };

  let first: Candidate;
  let afterResume: Page;

  it('a candidate opens the link, signs in with the e-mailed code, answers half, closes the browser, resumes where they left off, changes an earlier answer and completes', async () => {
    first = await createCandidate('Ada');
    const link = await invite(first);
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(link);
    await signInWithMouse(page, first);
    await page.getByRole('heading', { level: 2, name: questionHeading(1) }).waitFor();
    // The fragment is gone from the address once read; the page is the one the link named.
    expect(page.url()).toBe(`${hub.url}/evaluations/${first.evaluationId}`);
    await expectAccessible(page, 'questionnaire: first question');
    for (let position = 1; position <= HALF; position += 1) await answerWithMouse(page, first, position);
    await page.getByRole('heading', { level: 2, name: questionHeading(HALF + 1) }).waitFor();
    expect(await page.getByText(`${HALF} of ${TOTAL} answered`, { exact: true }).count()).toBe(1);
    await context.close();

    // A new browser: nothing of the first is left (the tokens lived in that tab only).
    const resumed = await newContext();
    afterResume = await resumed.newPage();
    await afterResume.goto(link);
    await signInWithMouse(afterResume, first);
    const heading = afterResume.getByRole('heading', { level: 2, name: questionHeading(HALF + 1) });
    await heading.waitFor();
    expect(await focusedText(afterResume)).toMatch(new RegExp(`^H2:Question ${HALF + 1} of ${TOTAL}`));

    // Back to the first question through the rail, a new answer, and on to where it stood.
    await afterResume.getByText('All questions').click();
    await afterResume.getByRole('button', { name: /^Question 1: .* Change$/ }).click();
    await afterResume.getByRole('heading', { level: 2, name: questionHeading(1) }).waitFor();
    await expectAccessible(afterResume, 'questionnaire: changing an earlier answer');
    const changed = valueAt(1) === 5 ? 1 : valueAt(1) + 1;
    await afterResume
      .locator('.option input[type=radio]')
      .nth(changed - 1)
      .check();
    await paceAnswers();
    await afterResume.getByRole('button', { name: 'Save changed answer' }).click();
    first.chosen.set(1, changed);
    await afterResume.getByRole('heading', { level: 2, name: questionHeading(HALF + 1) }).waitFor();
    expect((await storedAnswers(first)).get(1)).toBe(changed);

    for (let position = HALF + 1; position <= TOTAL; position += 1) await answerWithMouse(afterResume, first, position);
    await afterResume.getByRole('heading', { level: 1, name: 'Thank you – you are done' }).waitFor();
    await expectAccessible(afterResume, 'questionnaire: the end');
    await expectComplete(first);
  }, 240_000);

  it('another candidate does it all with the keyboard alone, on a 320 px wide screen with reduced motion', async () => {
    const candidate = await createCandidate('Kay');
    const context = await newContext({ viewport: { width: 320, height: 640 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const press = (key: string) => page.keyboard.press(key);
    /** Tab until the focused element matches; fails after `limit` presses. */
    const tabTo = async (selector: string, limit = 12) => {
      for (let presses = 0; presses < limit; presses += 1) {
        await press('Tab');
        if (await inPage<boolean>(page, `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
      }
      throw new Error(`Tab never reached ${selector}`);
    };

    await page.goto(await invite(candidate));
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expectNoSidewaysScroll(page, 'sign-in');
    await expectAccessible(page, 'sign-in at 320 px');
    const before = mailsTo(candidate.email);
    await tabTo('#sign-in-email');
    expect(await page.locator('#sign-in-email').inputValue()).toBe(candidate.email);
    await tabTo('button[type=submit]');
    await press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Enter the code from the e-mail' }).waitFor();
    await tabTo('#sign-in-code');
    await page.keyboard.type(await nextCode(candidate.email, before));
    await press('Enter');

    await page.getByRole('heading', { level: 2, name: questionHeading(1) }).waitFor();
    await expectNoSidewaysScroll(page, 'questionnaire');
    await expectAccessible(page, 'questionnaire at 320 px');
    expect(await inPage<string>(page, "getComputedStyle(document.querySelector('.question')).animationName")).toBe('none');
    for (let position = 1; position <= TOTAL; position += 1) {
      // Focus is on the new question's heading; the next Tab lands on the group's first answer.
      const heading = new RegExp(`^H2:Question ${position} of ${TOTAL}`);
      expect(await focusOnceMoved(page, (text) => heading.test(text))).toMatch(heading);
      await press('Tab');
      const value = valueAt(position);
      await press('Space');
      for (let step = 1; step < value; step += 1) await press('ArrowDown');
      await press('Tab');
      await paceAnswers();
      await press('Enter');
      candidate.chosen.set(position, value);
      if (position < TOTAL) await page.getByRole('heading', { level: 2, name: questionHeading(position + 1) }).waitFor();
    }
    await page.getByRole('heading', { level: 1, name: 'Thank you – you are done' }).waitFor();
    await expectNoSidewaysScroll(page, 'the end');
    await expectAccessible(page, 'the end at 320 px');
    await expectComplete(candidate);
    await context.close();
  }, 240_000);

  it('the first candidate files a service request, reads the answer, replies, confirms the solution and signs out', async () => {
    const page = afterResume;
    await page.getByRole('link', { name: 'Write to support' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your service requests' }).waitFor();
    await page.getByText('You have not filed any request yet.').waitFor();
    await expectAccessible(page, 'service requests');
    await page.getByLabel('Subject').fill('Where can I see my results?');
    await page.getByLabel('What is it about?').selectOption('QUESTION');
    await page.getByLabel('Details (optional)').fill('I finished the questionnaire.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('heading', { level: 1, name: 'Where can I see my results?' }).waitFor();
    expect(await page.getByTestId('request-status').textContent()).toBe('New');
    await expectAccessible(page, 'service request: new');
    const requestId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    // Support answers and solves it (the administrator's API).
    const support = (route: string, body: object) =>
      request(gateway.url).post(`/admin/service-requests/${requestId}${route}`).set('Authorization', admin).send(body);
    expect((await support('/comments', { text: 'Your team will share them with you.', isInternal: false })).status).toBe(201);
    expect((await support('/status', { status: 'IN_PROGRESS' })).status).toBe(200);
    expect((await support('/status', { status: 'RESOLVED' })).status).toBe(200);

    // A reload keeps the tab's session.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Is your request solved?' }).waitFor();
    await page.getByText('Your team will share them with you.').waitFor();
    await page.getByLabel('Your reply').fill('Thank you, that answers it.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Your reply was sent.').waitFor();
    await page.getByText('Thank you, that answers it.').waitFor();
    await expectAccessible(page, 'service request: solved');
    await page.getByRole('button', { name: 'Yes, it is solved' }).click();
    await page.getByText('Thank you. The request is now closed.').waitFor();
    // The notice shows as soon as the call succeeded; the status once the request is read again.
    await page
      .getByTestId('request-status')
      .filter({ hasText: /^Closed$/ })
      .waitFor();
    expect(await page.getByLabel('Your reply').count()).toBe(0);
    const stored = await request(gateway.url).get(`/admin/service-requests/${requestId}`).set('Authorization', admin);
    expect(stored.body).toMatchObject({ status: 'CLOSED', source: 'HUB' });

    // The list shows it, closed.
    await page.getByRole('link', { name: 'All your requests' }).click();
    await page.getByRole('link', { name: 'Where can I see my results?' }).waitFor();
    await page.getByText(/^Closed · filed /).waitFor();

    // Signing out ends the session on the platform too: its refresh token is refused afterwards.
    const refreshToken = await inPage<string | undefined>(
      page,
      "JSON.parse(sessionStorage.getItem('teamfit.persona.session') ?? '{}').refreshToken",
    );
    expect(refreshToken).toEqual(expect.any(String));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // Asked for, so not announced as an ended session.
    expect(await page.getByText('Your session has ended').count()).toBe(0);
    expect(await inPage<string | null>(page, "sessionStorage.getItem('teamfit.persona.session')")).toBeNull();

    // The tab holding that session with an expired access token (as after a night asleep): the app
    // renews before its call, the platform refuses the revoked refresh token, and the sign-in
    // comes back on the address asked for, saying why.
    const expired = `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url')}.x`;
    await page.evaluate(
      `sessionStorage.setItem('teamfit.persona.session', ${JSON.stringify(JSON.stringify({ accessToken: expired, refreshToken }))})`,
    );
    const refusals: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/profile/persona/token')) refusals.push(response.status());
    });
    await page.goto(`${hub.url}/service-requests/${requestId}`);
    await page.getByText('Your session has ended. Please sign in again to continue where you were.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(page.url()).toBe(`${hub.url}/service-requests/${requestId}`);
    expect(refusals).toEqual([403]);
    await page.context().close();
  }, 120_000);
});
