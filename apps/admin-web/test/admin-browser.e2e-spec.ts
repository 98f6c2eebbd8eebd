// The administrator's side in a real browser (Debian's Chromium, headless, driven by
// playwright-core): the built console (dist/apps/admin-web, `npm run build`) served by
// @teamfit/web-host under its CSP, the real services behind the real gateway, sign-in codes and
// invitations from a real SMTP listener. The administrator opens a persona's address signed out,
// signs in and lands on it; the session renews silently; the personas are searched, filtered and
// paged through the API; a persona is created, edited and invited (the e-mail arrives); a team's
// page shows its roles and members and takes a new one; everything once more with the keyboard
// alone, ending with the sign-out. axe-core checks every page.
//
// Rate limits are the gateway's own: the file signs in twice, renews once and signs out once
// (six requests of /auth's burst of ten).
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
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import request from 'supertest';
import { authAppModule } from '../../auth/src/auth-app.module';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { profileAppModule } from '../../profile/src/profile-app.module';

const ROOT = path.resolve(__dirname, '../../..');
const BUILT_ADMIN = path.join(ROOT, 'dist/apps/admin-web');
const CHROMIUM = '/usr/bin/chromium';
const ADMIN_EMAIL = 'console-admin@teamfit.test';
const SESSION_KEY = 'teamfit.account.session';
/** The last name every persona of the paging set shares, and nobody else's. */
const MARKER = 'Pagewell';
const PAGED = 23;
const PER_PAGE = 20;

interface PersonaBody {
  id: string;
  role: string;
  status: string;
  user: { firstName: string | null; lastName: string | null };
}

describe('the admin console in a real browser: sign-in, personas, invitations, teams, the keyboard alone', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let smtp: SmtpListener;
  let services: RunningTestService[] = [];
  let gateway: TestGateway;
  let adminApp: RunningWebApp;
  let hubOrigin: string;
  let profileUrl: string;
  let browser: Browser;
  let team: { id: number; name: string };
  let ada: PersonaBody;
  let paged: PersonaBody[];
  let page: Page;
  const problems: string[] = [];

  const api = () => request(gateway.url);
  /** Test data, straight to the profile service: two dozen at once would pass the gateway's rate. */
  const createPersona = async (body: Record<string, unknown>): Promise<PersonaBody> => {
    const created = await request(profileUrl)
      .post('/persona')
      .set('Authorization', admin)
      .send({ user_id: randomUUID(), description: 'Made by the test', ...body });
    expect(created.status).toBe(201);
    return created.body as PersonaBody;
  };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)`);
    if (!existsSync(path.join(BUILT_ADMIN, 'index.html'))) throw new Error(`${BUILT_ADMIN} is missing: run npm run build`);
    const adminPort = await freePort();
    const adminOrigin = `http://localhost:${adminPort}`;
    hubOrigin = `http://localhost:${await freePort()}`;
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    const env = { SMTP_URL: smtp.url, ADMIN_EMAIL, ADMIN_APP_ORIGIN: adminOrigin, HUB_APP_ORIGIN: hubOrigin };
    const options = { databaseUrl: database.url, keys: tokens.keys, env };
    // The organisation service ensures the administrator's account and seeds the questionnaire.
    const organisation = await startTestService('organisation', organisationAppModule, options);
    const [auth, profile, evaluation] = await Promise.all([
      startTestService('auth', authAppModule, options),
      startTestService('profile', profileAppModule, options),
      startTestService('evaluation', evaluationAppModule, options),
    ]);
    services = [organisation, auth, profile, evaluation];
    profileUrl = profile.url;
    gateway = await startTestGateway(
      ROOT,
      { auth: auth.port, profile: profile.port, organisation: organisation.port, evaluation: evaluation.port },
      { corsOrigins: [adminOrigin] },
    );
    adminApp = await startWebAppServer({ root: BUILT_ADMIN, port: adminPort, host: '127.0.0.1', apiBaseUrl: gateway.url });
    expect(adminApp.url).toBe(adminOrigin);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });

    ada = await createPersona({ role: 'Backend developer', status: 'ACTIVE', user: { firstName: 'Ada', lastName: 'Lovelace' } });
    paged = [];
    for (let index = 1; index <= PAGED; index += 1)
      paged.push(
        await createPersona({
          role: index % 2 === 1 ? 'Data analyst' : 'Product designer',
          status: index % 5 === 0 ? 'BLOCKED' : 'ACTIVE',
          user: { firstName: `P${String(index).padStart(2, '0')}`, lastName: MARKER },
        }),
      );
    const created = await api()
      .post('/evaluation/algorithm/teams')
      .set('Authorization', admin)
      .send({ name: 'Platform team', memberPersonaIds: [ada.id] });
    expect(created.status).toBe(201);
    team = created.body as { id: number; name: string };
    const role = await api()
      .post('/evaluation/algorithm/roles')
      .set('Authorization', admin)
      .send({ title: 'Backend engineer', teamId: team.id, criteriaWeight: 40 });
    expect(role.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await adminApp?.close();
    await gateway?.stop();
    await Promise.all(services.map((service) => service.close()));
    await smtp?.close();
    await database?.drop();
  });

  afterEach(() => {
    // Console errors include CSP refusals: the built app must run under the web host's policy.
    expect(problems.splice(0)).toEqual([]);
  });

  const newContext = (options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> =>
    watchedContext(browser, problems, options);

  const nextMail = (email: string, before: number) => nextMailTo(smtp, email, before);
  const mailsTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email)).length;
  const heading = (on: Page, name: string | RegExp) => on.getByRole('heading', { level: 1, name }).waitFor();
  /** The names in the first column of the page's table, as the rows show them. */
  const rowNames = (on: Page) => on.locator('tbody th').allTextContents();
  const nameOf = (persona: PersonaBody) => [persona.user.firstName, persona.user.lastName].filter(Boolean).join(' ');
  const storedSession = (on: Page) =>
    inPage<{ accessToken?: string; refreshToken?: string }>(on, `JSON.parse(sessionStorage.getItem('${SESSION_KEY}') ?? '{}')`);

  it("opens a persona's address signed out, signs in with the e-mailed code, lands on that address, and renews the session silently", async () => {
    const context = await newContext();
    page = await context.newPage();
    const address = `${adminApp.url}/personas/${ada.id}`;
    await page.goto(address);
    await heading(page, 'Sign in');
    await expectAccessible(page, 'sign-in: address');
    // An address opened starts at the top: the skip link comes first and leads to the page's
    // content, the address unchanged.
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('A:Skip to content');
    await page.keyboard.press('Enter');
    expect(await inPage<string>(page, 'document.activeElement?.id')).toBe('main');
    expect(page.url()).toBe(address);
    const before = mailsTo(ADMIN_EMAIL);
    await page.getByLabel('E-mail address').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await heading(page, 'Enter the code from the e-mail');
    await expectAccessible(page, 'sign-in: code');
    await page.getByLabel('Code').fill(otpFromMail(await nextMail(ADMIN_EMAIL, before)));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await heading(page, 'Ada Lovelace');
    expect(page.url()).toBe(address);
    expect(await focusOnceMoved(page, (text) => text === 'H1:Ada Lovelace')).toBe('H1:Ada Lovelace');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Personas', 'Teams']),
    );
    await expectAccessible(page, 'persona');
    // The account's session, under its own key: the hub's persona session is another.
    const signedIn = await storedSession(page);
    expect(signedIn.refreshToken).toEqual(expect.any(String));
    expect(await inPage<string | null>(page, "sessionStorage.getItem('teamfit.persona.session')")).toBeNull();

    // The access token expired while the tab slept: the console renews it before its first call,
    // with the refresh token, and shows the page; the platform rotated the refresh token.
    const expired = `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url')}.x`;
    await page.evaluate(
      `sessionStorage.setItem('${SESSION_KEY}', ${JSON.stringify(JSON.stringify({ accessToken: expired, refreshToken: signedIn.refreshToken }))})`,
    );
    const renewals: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/auth/token')) renewals.push(response.status());
    });
    await page.reload();
    await heading(page, 'Ada Lovelace');
    await page.getByText('Backend developer').first().waitFor();
    expect(renewals).toEqual([200]);
    const renewed = await storedSession(page);
    expect(renewed.refreshToken).toEqual(expect.any(String));
    expect(renewed.refreshToken).not.toBe(signedIn.refreshToken);
    expect(renewed.accessToken).not.toBe(expired);
  }, 120_000);

  it('searches, filters and pages the personas through the API, each page an address of its own', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personas' }).click();
    await heading(page, 'Personas');
    await expectAccessible(page, 'personas');

    await page.getByLabel('Name, username or e-mail').fill(MARKER.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`${PAGED} personas found`).waitFor();
    expect(new URL(page.url()).search).toBe(`?search=${MARKER.toLowerCase()}`);
    expect(await rowNames(page)).toEqual(paged.slice(0, PER_PAGE).map(nameOf));
    await expectAccessible(page, 'personas: searched');

    // The second page, from the API (20 a page), at its own address.
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByText(`Page 2 of 2`).waitFor();
    expect(new URL(page.url()).search).toBe(`?search=${MARKER.toLowerCase()}&page=2`);
    await page.waitForFunction(`document.querySelectorAll('tbody tr').length === ${PAGED - PER_PAGE}`);
    expect(await rowNames(page)).toEqual(paged.slice(PER_PAGE).map(nameOf));

    // A status and a role title narrow it further, back on the first page.
    await page.getByLabel('Status').selectOption('BLOCKED');
    await page.getByRole('button', { name: 'Search' }).click();
    const blocked = paged.filter((persona) => persona.status === 'BLOCKED');
    await page.getByText(`${blocked.length} personas found`).waitFor();
    expect(await rowNames(page)).toEqual(blocked.map(nameOf));
    await page.getByLabel('Role title').fill('designer');
    await page.getByRole('button', { name: 'Search' }).click();
    const blockedDesigners = blocked.filter((persona) => persona.role === 'Product designer');
    await page.getByText(`${blockedDesigners.length} personas found`).waitFor();
    expect(new URL(page.url()).searchParams.get('role')).toBe('designer');
    expect(await rowNames(page)).toEqual(blockedDesigners.map(nameOf));

    // The API answers the same for the same query.
    const answer = await api()
      .get(`/profile/persona?search=${MARKER}&status=BLOCKED&role=designer&limit=20`)
      .set('Authorization', admin)
      .expect(200);
    expect((answer.body as { personas: PersonaBody[] }).personas.map(nameOf)).toEqual(blockedDesigners.map(nameOf));

    // Back in the browser's history is the page before, filters and all.
    await page.goBack();
    await page.getByText(`${blocked.length} personas found`).waitFor();
    expect(await page.getByLabel('Role title').inputValue()).toBe('');
    await page.getByRole('link', { name: 'Clear the filters' }).click();
    await page.getByText(/^\d+ personas$/).waitFor();
    expect(new URL(page.url()).search).toBe('');
  }, 60_000);

  it('creates a persona, edits it, and invites it to the questionnaire of a team: the e-mail arrives and invitedAt shows', async () => {
    await page.getByRole('link', { name: 'New persona' }).click();
    await heading(page, 'New persona');
    await expectAccessible(page, 'new persona');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    const email = 'grace.hopper@example.test';
    await page.getByLabel(/^E-mail address/).fill(email);
    await page.getByLabel(/^Role title/).fill('Compiler engineer');
    await page.getByLabel(/^Description/).fill('Wrote the first compiler.');
    await page.getByRole('button', { name: 'Create the persona' }).click();
    await heading(page, 'Grace Hopper');
    const personaId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const stored = await api().get(`/profile/persona/${personaId}`).set('Authorization', admin).expect(200);
    expect(stored.body).toMatchObject({
      role: 'Compiler engineer',
      description: 'Wrote the first compiler.',
      emailAddress: email,
      status: 'ACTIVE',
      roles: ['CANDIDATE'],
      user: { firstName: 'Grace', lastName: 'Hopper' },
    });
    await page.getByText('No evaluation yet.').waitFor();
    await expectAccessible(page, 'persona: new');

    // An edit: the role title and the status (two calls: the persona, then its access).
    await page.getByRole('button', { name: 'Edit the persona' }).click();
    await page.getByLabel(/^Role title/).fill('Rear admiral');
    await page.getByLabel('Status').selectOption('PENDING');
    await expectAccessible(page, 'persona: editing');
    await page.getByRole('button', { name: 'Save the persona' }).click();
    await page.getByText('The persona was saved.').waitFor();
    await page.getByText('Rear admiral').waitFor();
    const edited = await api().get(`/profile/persona/${personaId}`).set('Authorization', admin).expect(200);
    expect(edited.body).toMatchObject({ role: 'Rear admiral', status: 'PENDING', emailAddress: email });

    // The invitation: the evaluation for the team is created and the hub's link e-mailed.
    const before = mailsTo(email);
    await page.getByLabel('Team').selectOption({ label: team.name });
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByText(/^Invitation sent/).waitFor();
    const mail = await nextMail(email, before);
    const evaluations = await api().get(`/evaluation/evaluation?personaId=${personaId}`).set('Authorization', admin).expect(200);
    const [evaluation] = (evaluations.body as { items: Array<{ id: string; teamId: number; invitedAt: string | null }> }).items;
    expect(evaluation).toMatchObject({ teamId: team.id, invitedAt: expect.any(String) });
    expect(mailPartText(mail, 'text/plain')).toContain(`${hubOrigin}/evaluations/${evaluation?.id}#email=${encodeURIComponent(email)}`);
    expect(await page.locator('.notice time').getAttribute('datetime')).toBe(evaluation?.invitedAt);
    const row = page.getByRole('row', { name: new RegExp(team.name) });
    await row.waitFor();
    expect(await row.locator('time').getAttribute('datetime')).toBe(evaluation?.invitedAt);
    expect(await row.getByRole('link', { name: `Open the evaluation for ${team.name}` }).getAttribute('href')).toBe(
      `/evaluations/${evaluation?.id}`,
    );
    expect(await row.getByRole('link', { name: team.name, exact: true }).getAttribute('href')).toBe(`/teams/${team.id}`);
    await expectAccessible(page, 'persona: invited');
  }, 60_000);

  it("shows a team's roles and members with their role, adds a member found by name, and makes a new team", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
    await heading(page, 'Teams');
    await expectAccessible(page, 'teams');
    await page.getByRole('link', { name: team.name }).click();
    await heading(page, team.name);
    expect(new URL(page.url()).pathname).toBe(`/teams/${team.id}`);
    await page.getByText('Backend engineer').waitFor();
    const member = page.getByRole('row', { name: /Ada Lovelace/ });
    await member.waitFor();
    expect(await member.locator('td').first().textContent()).toBe('Backend developer');
    await expectAccessible(page, 'team');

    await page.getByLabel('Name, username or e-mail').fill('grace');
    await page.getByRole('button', { name: 'Find personas' }).click();
    await page.getByText('1 persona matches.').waitFor();
    await page.getByRole('button', { name: 'Add Grace Hopper to the team' }).click();
    await page.getByText('Grace Hopper joined the team.').waitFor();
    await page.getByRole('row', { name: /Grace Hopper/ }).waitFor();
    await page.getByText('Already a member').waitFor();
    const stored = await api().get(`/evaluation/algorithm/teams/${team.id}`).set('Authorization', admin).expect(200);
    expect((stored.body as { memberPersonaIds: string[] }).memberPersonaIds).toHaveLength(2);
    await expectAccessible(page, 'team: member added');

    await page.getByRole('link', { name: 'Teams', exact: true }).first().click();
    await heading(page, 'Teams');
    await page.getByLabel('Name').fill('Research team');
    await page.getByRole('button', { name: 'Create the team' }).click();
    await heading(page, 'Research team');
    await page.getByText('0 members').waitFor();
  }, 60_000);

  it("does it with the keyboard alone on a narrow screen: signs in from a service request's link and lands on it, searches, opens a persona, signs out", async () => {
    const context = await newContext({ viewport: { width: 400, height: 800 }, reducedMotion: 'reduce' });
    const narrow = await context.newPage();
    const press = (key: string) => narrow.keyboard.press(key);
    /** Tab (or Shift+Tab) until the focused element matches; fails after `limit` presses. */
    const tabTo = async (selector: string, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 20) => {
      for (let presses = 0; presses < limit; presses += 1) {
        await press(key);
        if (await inPage<boolean>(narrow, `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
      }
      throw new Error(`Tab never reached ${selector}`);
    };

    // The console's start is the personas; the address says so.
    await narrow.goto(`${adminApp.url}/`);
    await heading(narrow, 'Sign in');
    await narrow.waitForURL(`${adminApp.url}/personas`);
    // The link of a service-request e-mail (ADMIN_APP_ORIGIN/service-requests/:id), opened signed
    // out: the sign-in keeps the address, and the console shows it once signed in.
    const ticket = `${adminApp.url}/service-requests/65f1c0ffee0000000000beef`;
    await narrow.goto(ticket);
    await heading(narrow, 'Sign in');
    const before = mailsTo(ADMIN_EMAIL);
    await tabTo('#sign-in-email');
    await narrow.keyboard.type(ADMIN_EMAIL);
    await press('Enter');
    await heading(narrow, 'Enter the code from the e-mail');
    await tabTo('#sign-in-code');
    await narrow.keyboard.type(otpFromMail(await nextMail(ADMIN_EMAIL, before)));
    await press('Enter');
    await narrow.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(narrow.url()).toBe(ticket);
    await narrow.locator('h1:focus').waitFor();

    // From the page's heading back to the main navigation, and on to the personas.
    await tabTo('nav[aria-label="Main"] a[href="/personas"]', 'Shift+Tab');
    await press('Enter');
    await heading(narrow, 'Personas');
    expect(await focusOnceMoved(narrow, (text) => text === 'H1:Personas')).toBe('H1:Personas');
    expect(await narrow.getByRole('link', { name: 'Personas', exact: true }).getAttribute('aria-current')).toBe('page');

    await tabTo('#persona-search');
    await narrow.keyboard.type(`p07 ${MARKER}`);
    await press('Enter');
    await narrow.getByText('1 persona found').waitFor();
    await tabTo(`a[href="/personas/${paged[6]?.id ?? ''}"]`);
    await press('Enter');
    await heading(narrow, `P07 ${MARKER}`);
    expect(await focusOnceMoved(narrow, (text) => text === `H1:P07 ${MARKER}`)).toBe(`H1:P07 ${MARKER}`);
    await expectAccessible(narrow, 'persona on a narrow screen');

    // Signing out ends the session on the platform too: its refresh token is refused afterwards.
    const { refreshToken } = await storedSession(narrow);
    expect(refreshToken).toEqual(expect.any(String));
    // Back up from the heading into the header, where the sign-out is.
    await tabTo('button.link', 'Shift+Tab');
    expect(await focusedText(narrow)).toBe('BUTTON:Sign out');
    const loggedOut = narrow.waitForResponse((response) => response.url().endsWith('/auth/logout'));
    await press('Enter');
    await heading(narrow, 'Sign in');
    expect((await loggedOut).ok()).toBe(true);
    expect(await narrow.getByText('Your session has ended').count()).toBe(0);
    expect(await inPage<string | null>(narrow, `sessionStorage.getItem('${SESSION_KEY}')`)).toBeNull();
    expect((await api().post('/auth/token').send({ refreshToken })).status).toBe(403);
    await context.close();
  }, 60_000);
});
