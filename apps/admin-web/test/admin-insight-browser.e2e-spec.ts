// The admin console's results, team insight and support desk in a real browser (Debian's Chromium,
// headless, driven by playwright-core): the built console (dist/apps/admin-web, `npm run build`)
// served by @teamfit/web-host under its CSP, the real services behind the real gateway, the
// sign-in code and the assignment e-mail from a real SMTP listener. The test's own data is written
// straight to the services (the gateway's rate limits are for the browser's calls): a team of three
// with completed questionnaires and a candidate scored against it. Every number checked on a page is
// compared with the API's answer; axe-core checks every page.
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { freePort } from '@teamfit/gateway';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { mailPartText, otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { type RunningWebApp, startWebAppServer } from '@teamfit/web-host';
import { expectAccessible as expectPageAccessible, inPage } from '@teamfit/web-host/testing';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import request from 'supertest';
import { authAppModule } from '../../auth/src/auth-app.module';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { mediaAppModule } from '../../media/src/media-app.module';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { profileAppModule } from '../../profile/src/profile-app.module';

const ROOT = path.resolve(__dirname, '../../..');
const BUILT_CONSOLE = path.join(ROOT, 'dist/apps/admin-web');
const CHROMIUM = '/usr/bin/chromium';
const ADMIN_EMAIL = 'desk.admin@teamfit.test';

interface Dimension {
  questionGroupId: number;
  name: string;
  scorePercentage: number;
  weightPercentage: number;
  detail: { candidateLevel: number | null; teamMean: number | null; teamMin: number | null; teamMax: number | null; delta: number | null };
}
interface Results {
  overallScore: number;
  overallCategory: string;
  teamSize: number;
  dimensions: Dimension[];
}
interface Person {
  name: string;
  personaId: string;
  evaluationId: string;
}

/** A number as the console prints it: at most two decimals, "none" without one. */
const shown = (value: number | null) => (value === null ? 'none' : String(Math.round(value * 100) / 100));

describe('the admin console in a real browser: results, team insight, the support desk', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let mediaDir = '';
  let smtp: SmtpListener;
  let services: RunningTestService[] = [];
  let profileUrl = '';
  let evaluationUrl = '';
  let organisationUrl = '';
  let gateway: TestGateway;
  let consoleApp: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let teamId = 0;
  let members: Person[] = [];
  let candidate: Person;
  const problems: string[] = [];

  /** A persona with a questionnaire answered to the end, straight through the evaluation service. */
  const completedPerson = async (firstName: string, lastName: string, seed: number): Promise<Person> => {
    const persona = await request(profileUrl)
      .post('/persona')
      .set('Authorization', admin)
      .send({
        user_id: randomUUID(),
        role: 'Engineer',
        description: firstName,
        status: 'ACTIVE',
        roles: ['CANDIDATE'],
        user: { firstName, lastName },
      });
    expect(persona.status).toBe(201);
    const personaId = (persona.body as { id: string }).id;
    const created = await request(evaluationUrl).post('/evaluation').set('Authorization', admin).send({ personaId, teamId });
    expect(created.status).toBe(201);
    const evaluationId = (created.body as { id: string }).id;
    const first = await request(evaluationUrl).get(`/evaluation/${evaluationId}`).set('Authorization', admin);
    let question = (first.body as { currentQuestion?: { id: number } }).currentQuestion ?? null;
    while (question) {
      const answered = await request(evaluationUrl)
        .post(`/evaluation/${evaluationId}/answer`)
        .set('Authorization', admin)
        .send({ questionId: question.id, value: ((question.id * seed) % 5) + 1, timeTaken: 4 });
      expect(answered.status).toBeLessThan(300);
      question = (answered.body as { nextQuestion?: { id: number } | null }).nextQuestion ?? null;
    }
    const done = await request(evaluationUrl).get(`/evaluation/${evaluationId}`).set('Authorization', admin);
    expect(done.body).toMatchObject({ status: 'complete' });
    return { name: `${firstName} ${lastName}`, personaId, evaluationId };
  };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)`);
    if (!existsSync(path.join(BUILT_CONSOLE, 'index.html'))) throw new Error(`${BUILT_CONSOLE} is missing: run npm run build`);
    const consolePort = await freePort();
    const consoleOrigin = `http://localhost:${consolePort}`;
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    const options = {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { SMTP_URL: smtp.url, ADMIN_EMAIL, ADMIN_APP_ORIGIN: consoleOrigin },
    };
    mediaDir = mkdtempSync(path.join(tmpdir(), 'teamfit-console-media-'));
    const media = await startTestService('media', mediaAppModule, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { MEDIA_DIR: mediaDir },
    });
    // The organisation service seeds the questionnaire and ensures ADMIN_EMAIL's account when it starts.
    const organisation = await startTestService('organisation', organisationAppModule, {
      ...options,
      env: { ...options.env, MEDIA_SERVICE_URL: media.url },
    });
    const [auth, profile, evaluation] = await Promise.all([
      startTestService('auth', authAppModule, options),
      startTestService('profile', profileAppModule, options),
      startTestService('evaluation', evaluationAppModule, options),
    ]);
    services = [media, organisation, auth, profile, evaluation];
    profileUrl = `http://127.0.0.1:${profile.port}`;
    evaluationUrl = `http://127.0.0.1:${evaluation.port}`;
    organisationUrl = `http://127.0.0.1:${organisation.port}`;
    gateway = await startTestGateway(
      ROOT,
      { auth: auth.port, profile: profile.port, organisation: organisation.port, evaluation: evaluation.port },
      { corsOrigins: [consoleOrigin] },
    );
    consoleApp = await startWebAppServer({ root: BUILT_CONSOLE, port: consolePort, host: '127.0.0.1', apiBaseUrl: gateway.url });
    expect(consoleApp.url).toBe(consoleOrigin);

    const team = await request(evaluationUrl).post('/algorithm/teams').set('Authorization', admin).send({ name: 'Insight team' });
    expect(team.status).toBe(201);
    teamId = (team.body as { id: number }).id;
    members = [
      await completedPerson('Mia', 'Member', 2),
      await completedPerson('Noah', 'Member', 3),
      await completedPerson('Olga', 'Member', 7),
    ];
    const withMembers = await request(evaluationUrl)
      .put(`/algorithm/teams/${teamId}`)
      .set('Authorization', admin)
      .send({ memberPersonaIds: members.map((member) => member.personaId) });
    expect(withMembers.status).toBe(200);
    candidate = await completedPerson('Ada', 'Lovelace', 4);

    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    const context = await browser.newContext();
    context.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded'))
        problems.push(message.text());
    });
    context.on('weberror', (error) => problems.push(error.error().message));
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await consoleApp?.close();
    await gateway?.stop();
    await Promise.all(services.map((service) => service.close()));
    await smtp?.close();
    await database?.drop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  afterEach(() => {
    // Console errors include CSP refusals: the built console must run under the web host's policy.
    expect(problems.splice(0)).toEqual([]);
  });

  const expectAccessible = (label: string) => expectPageAccessible(page, label);

  /** Where the keyboard's focus is, and whether it is shown (the console's 3px outline on `:focus-visible`). */
  const expectFocusShownOn = async (target: Locator, label: string) => {
    const state = {
      focused: (await target.and(page.locator(':focus')).count()) === 1,
      focusVisible: (await target.and(page.locator(':focus-visible')).count()) === 1,
      outline: await inPage<boolean>(
        page,
        `(() => {
          const style = getComputedStyle(document.activeElement);
          return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        })()`,
      ),
    };
    expect({ label, ...state }).toEqual({ label, focused: true, focusVisible: true, outline: true });
  };

  /**
   * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user walks the page; fails
   * when it is not reached within the page's stops, or when the focus it reaches is not shown.
   */
  const tabTo = async (target: Locator, label: string, key: 'Tab' | 'Shift+Tab' = 'Tab') => {
    for (let presses = 0; presses < 150; presses += 1) {
      await page.keyboard.press(key);
      if ((await target.and(page.locator(':focus')).count()) === 1) return expectFocusShownOn(target, label);
    }
    throw new Error(`${key} never reached ${label}`);
  };

  /** A fresh load of `address`, then the first Tab: the skip link, whose Enter moves the focus to the content. */
  const openWithKeyboard = async (address: string, heading: string) => {
    await page.goto(`${consoleApp.url}${address}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.keyboard.press('Tab');
    await expectFocusShownOn(page.getByRole('link', { name: 'Skip to content' }), `${heading}: the first stop`);
    await page.keyboard.press('Enter');
    expect(await inPage<string>(page, 'document.activeElement.id')).toBe('main');
  };

  const api = <T>(answer: { status: number; body: unknown }, status = 200): T => {
    expect(answer.status).toBe(status);
    return answer.body as T;
  };

  it("opens a completed candidate's results after signing in, and every number on the page is the API's", async () => {
    await page.goto(`${consoleApp.url}/evaluations/${candidate.evaluationId}`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('E-mail address').fill(ADMIN_EMAIL);
    const before = smtp.messages.filter((message) => message.to.includes(ADMIN_EMAIL)).length;
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter the code from the e-mail' }).waitFor();
    const codeMail = await smtp.latestTo(ADMIN_EMAIL, 10_000);
    expect(smtp.messages.filter((message) => message.to.includes(ADMIN_EMAIL)).length).toBe(before + 1);
    await page.getByLabel('Code').fill(otpFromMail(codeMail));
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Signing in lands on the address asked for.
    await page.getByRole('heading', { level: 1, name: 'Results of Ada Lovelace' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/evaluations/${candidate.evaluationId}`);
    const evaluation = api<{ results: Results }>(
      await request(evaluationUrl).get(`/evaluation/${candidate.evaluationId}`).set('Authorization', admin),
    );
    const results = evaluation.results;
    expect(results.teamSize).toBe(3);
    expect(await page.getByTestId('overall-score').textContent()).toContain(`${shown(results.overallScore)} of 100`);
    expect(await page.getByTestId('team-size').textContent()).toBe('3');
    expect((await page.getByTestId('overall-category').textContent())?.toLowerCase()).toContain(results.overallCategory);

    const rows = await inPage<Array<{ id: string; cells: Record<string, string> }>>(
      page,
      `[...document.querySelectorAll('table[id^="dimensions-"] tbody tr')].map((tr) => ({
        id: tr.dataset.dimension,
        cells: Object.fromEntries([...tr.querySelectorAll('td[data-field]')].map((td) => [td.dataset.field, td.textContent])),
      }))`,
    );
    expect(rows.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(
      results.dimensions.map((dimension) => dimension.questionGroupId).sort((a, b) => a - b),
    );
    for (const dimension of results.dimensions) {
      const cells = rows.find((row) => Number(row.id) === dimension.questionGroupId)?.cells ?? {};
      expect({ name: dimension.name, ...cells }).toEqual({
        name: dimension.name,
        candidateLevel: shown(dimension.detail.candidateLevel),
        teamMean: shown(dimension.detail.teamMean),
        teamMin: shown(dimension.detail.teamMin),
        teamMax: shown(dimension.detail.teamMax),
        delta: shown(dimension.detail.delta),
        scorePercentage: expect.stringMatching(new RegExp(`^${shown(dimension.scorePercentage).replace('.', '\\.')} \\(`)) as unknown,
        weightPercentage: `${shown(dimension.weightPercentage)}%`,
      });
    }
    // Each chart is an image whose text equivalent is its table.
    const charts = await inPage<Array<{ role: string | null; describedBy: string | null; tableExists: boolean }>>(
      page,
      `[...document.querySelectorAll('svg.level-chart')].map((svg) => ({
        role: svg.getAttribute('role'),
        describedBy: svg.getAttribute('aria-describedby'),
        tableExists: !!document.getElementById(svg.getAttribute('aria-describedby') ?? ''),
      }))`,
    );
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts)
      expect(chart).toEqual({ role: 'img', describedBy: expect.stringMatching(/^dimensions-/) as unknown, tableExists: true });

    // Team-match with the role weight: the page shows the API's workstyle score.
    await page.getByRole('button', { name: 'Score the match' }).click();
    await page.getByTestId('team-match-workstyle-score').waitFor();
    const match = api<{ workstyle: { score: number } }>(
      await request(evaluationUrl)
        .post(`/evaluation/${candidate.evaluationId}/team-match`)
        .set('Authorization', admin)
        .send({ roleWeight: 50 }),
    );
    expect(await page.getByTestId('team-match-workstyle-score').textContent()).toContain(`${shown(match.workstyle.score)} of 100`);

    // Two people compared: the candidate and the first member.
    await page.getByLabel('The other person’s evaluation (its id, from their results address)').fill(members[0]?.evaluationId ?? '');
    await page.getByRole('region', { name: 'Compare with another person' }).getByRole('button', { name: 'Compare' }).click();
    await page.getByTestId('compare-people-score').waitFor();
    const compared = api<{ score: number }>(
      await request(evaluationUrl)
        .post('/evaluation/compare')
        .set('Authorization', admin)
        .send({ evaluationIdA: candidate.evaluationId, evaluationIdB: members[0]?.evaluationId, mode: 'PAIRWISE' }),
    );
    expect(await page.getByTestId('compare-people-score').textContent()).toContain(`${shown(compared.score)} of 100`);
    await expectAccessible('results');

    // The printout is the candidate's report: the numbers and charts, without the console or the tools.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('table[id^="dimensions-"]').first().isVisible()).toBe(true);
    expect(await page.locator('svg.level-chart').first().isVisible()).toBe(true);
    expect(await page.getByTestId('overall-score').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Score the match' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Compare with another person' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('button', { name: 'Score the match' }).isVisible()).toBe(true);
  });

  it("shows the team's heat map with the API's levels, runs its shortlist and a what-if", async () => {
    await page.goto(`${consoleApp.url}/teams/${teamId}/insight`);
    await page.getByRole('heading', { level: 1, name: 'Insight: Insight team' }).waitFor();
    await page.getByTestId('heat-map').waitFor();
    const map = await inPage<{ headers: string[]; rows: Array<{ name: string; cells: string[] }> }>(
      page,
      `(() => {
        const table = document.querySelector('[data-testid="heat-map"]');
        return {
          headers: [...table.querySelectorAll('thead th')].slice(1).map((th) => th.textContent),
          rows: [...table.querySelectorAll('tbody tr')].map((tr) => ({
            name: tr.querySelector('th a').textContent,
            cells: [...tr.querySelectorAll('td')].map((td) => td.firstChild ? td.firstChild.textContent : ''),
          })),
        };
      })()`,
    );
    expect(map.rows.map((row) => row.name)).toEqual(members.map((member) => member.name));
    for (const member of members) {
      const levels = api<{ results: Results }>(
        await request(evaluationUrl).get(`/evaluation/${member.evaluationId}`).set('Authorization', admin),
      ).results.dimensions;
      const row = map.rows.find((entry) => entry.name === member.name);
      for (const dimension of levels)
        expect([member.name, dimension.name, row?.cells[map.headers.indexOf(dimension.name)]]).toEqual([
          member.name,
          dimension.name,
          dimension.detail.candidateLevel === null ? '–' : shown(dimension.detail.candidateLevel),
        ]);
    }
    await expectAccessible('team insight: heat map');

    await page.getByRole('button', { name: 'Run the shortlist' }).click();
    await page.getByTestId('shortlist-total').waitFor();
    const shortlist = api<{ total: number; items: Array<{ persona: { id: string }; workstyle: { score: number } }> }>(
      await request(evaluationUrl)
        .post(`/algorithm/teams/${teamId}/shortlist`)
        .set('Authorization', admin)
        .send({ sort: 'combined', page: 1, limit: 10 }),
    );
    // The members are left out of their own team's shortlist: the candidate is on it.
    expect(shortlist.items.map((item) => item.persona.id)).toContain(candidate.personaId);
    expect(await page.getByTestId('shortlist-total').textContent()).toMatch(
      new RegExp(`^${shortlist.total} (person|people) on the shortlist`),
    );
    const shownItems = await inPage<Array<{ persona: string | undefined; workstyle: string }>>(
      page,
      `[...document.querySelectorAll('[data-testid="shortlist-item"]')].map((li) => ({
        persona: li.dataset.persona,
        workstyle: li.querySelector('[data-field="workstyle"]').textContent,
      }))`,
    );
    expect(shownItems.map((item) => item.persona)).toEqual(shortlist.items.map((item) => item.persona.id));
    shortlist.items.forEach((item, index) => expect(shownItems[index]?.workstyle).toContain(`${shown(item.workstyle.score)} of 100`));

    // What if the candidate joins and the first member leaves?
    await page.getByLabel('People to add (persona ids, one a line or separated by commas)').fill(candidate.personaId);
    await page.getByRole('checkbox', { name: members[0]?.personaId }).check();
    await page.getByRole('button', { name: 'Simulate' }).click();
    await page.getByTestId('what-if-members').waitFor();
    const simulation = api<{
      before: { teamSize: number };
      after: { teamSize: number };
      members: Array<{ personaId: string; fitBefore: { score: number } | null; fitAfter: { score: number } }>;
    }>(
      await request(evaluationUrl)
        .post(`/algorithm/teams/${teamId}/simulate`)
        .set('Authorization', admin)
        .send({ addPersonaIds: [candidate.personaId], removePersonaIds: [members[0]?.personaId] }),
    );
    expect(await page.getByTestId('what-if-size').textContent()).toBe(
      `Members with results: ${simulation.before.teamSize} now, ${simulation.after.teamSize} after.`,
    );
    expect(simulation.members.map((member) => member.personaId)).toContain(candidate.personaId);
    for (const member of simulation.members) {
      const row = page.locator(`[data-testid="what-if-members"] tr[data-persona="${member.personaId}"]`);
      expect(await row.locator('[data-field="fitAfter"]').textContent()).toMatch(
        new RegExp(`^${shown(member.fitAfter.score).replace('.', '\\.')} – `),
      );
      expect(await row.locator('[data-field="fitBefore"]').textContent()).toMatch(
        member.fitBefore ? new RegExp(`^${shown(member.fitBefore.score).replace('.', '\\.')} – `) : /^not a member now$/,
      );
    }
    await expectAccessible('team insight: shortlist and what-if');
  });

  it("opens a ticket from the assignment e-mail's link, moves it to the next status, shows a refused move in the API's words, attaches a file and approves a change", async () => {
    const created = api<{ _id: string }>(
      await request(organisationUrl).post('/admin/service-requests').set('Authorization', admin).send({
        title: 'The export stopped',
        description: 'Nothing arrived this morning.',
        type: 'INCIDENT',
        impact: 'HIGH',
        urgency: 'MEDIUM',
      }),
      201,
    );
    const accounts = api<Array<{ id: string; emailAddress: string }>>(
      await request(organisationUrl).get('/account').set('Authorization', admin).query({ limit: 100 }),
    );
    const assignee = accounts.find((account) => account.emailAddress === ADMIN_EMAIL);
    expect(assignee).toBeDefined();
    const before = smtp.messages.filter((message) => message.to.includes(ADMIN_EMAIL)).length;
    api(
      await request(organisationUrl)
        .post(`/admin/service-requests/${created._id}/assign`)
        .set('Authorization', admin)
        .send({ assigneeId: assignee?.id }),
    );
    const mail = smtp.messages.filter((message) => message.to.includes(ADMIN_EMAIL))[before];
    if (!mail) throw new Error(`no assignment e-mail to ${ADMIN_EMAIL}`);
    const link = mailPartText(mail, 'text/plain')
      .split(/\s+/)
      .find((word) => word.startsWith(`${consoleApp.url}/`));
    expect(link).toBe(`${consoleApp.url}/service-requests/${created._id}`);

    await page.goto(link ?? '');
    await page.getByRole('heading', { level: 1, name: 'The export stopped' }).waitFor();
    expect(await page.getByTestId('ticket-status').textContent()).toBe('New');
    // Only the documented moves from NEW are offered.
    expect(await page.getByLabel('Move to').locator('option').allTextContents()).toEqual(['Open', 'In progress']);
    await expectAccessible('ticket');
    await page.getByLabel('Move to').selectOption('OPEN');
    await page.getByRole('button', { name: 'Change the status' }).click();
    await page.getByText('The status was changed.').waitFor();
    await page.getByTestId('ticket-status').filter({ hasText: 'Open' }).waitFor();
    const after = api<{ status: string }>(
      await request(organisationUrl).get(`/admin/service-requests/${created._id}`).set('Authorization', admin),
    );
    expect(after.status).toBe('OPEN');
    expect(await page.getByLabel('Move to').locator('option').allTextContents()).toEqual([
      'In progress',
      'Waiting for the requester',
      'On hold',
    ]);
    expect(await page.getByTestId('ticket-history').textContent()).toContain('STATUS_CHANGED');

    // Someone else moves the ticket meanwhile: the move the page still offers is refused (409), the
    // API's message is shown in words, and the page shows where the ticket stands now.
    api(
      await request(organisationUrl)
        .post(`/admin/service-requests/${created._id}/status`)
        .set('Authorization', admin)
        .send({ status: 'ON_HOLD' }),
    );
    await page.getByLabel('Move to').selectOption('IN_PROGRESS');
    await page.getByRole('button', { name: 'Change the status' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'A service request cannot move from ON_HOLD to IN_PROGRESS: from ON_HOLD it can move to PENDING_CUSTOMER, CANCELLED',
      })
      .waitFor();
    await page.getByTestId('ticket-status').filter({ hasText: 'On hold' }).waitFor();
    expect(await page.getByLabel('Move to').locator('option').allTextContents()).toEqual(['Waiting for the requester', 'Cancelled']);

    // An attachment, uploaded through the API into the media service.
    await page
      .getByLabel('File (at most 10 MB)')
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nhello\n%%EOF\n') });
    await page.getByRole('button', { name: 'Attach' }).click();
    await page.getByText('The file was attached.').waitFor();
    await page
      .getByRole('region', { name: 'Attachments' })
      .getByText(/^report\.pdf \(application\/pdf/)
      .waitFor();
    const attached = api<{ attachments: Array<{ fileName: string; uploadedBy: string }> }>(
      await request(organisationUrl).get(`/admin/service-requests/${created._id}`).set('Authorization', admin),
    );
    expect(attached.attachments).toEqual([expect.objectContaining({ fileName: 'report.pdf', uploadedBy: assignee?.id })]);
    await expectAccessible('ticket after the changes');

    // A change request's approval, recorded once.
    const change = api<{ _id: string }>(
      await request(organisationUrl)
        .post('/admin/service-requests')
        .set('Authorization', admin)
        .send({ title: 'Add a results column', description: 'Export the combined score too.', type: 'CHANGE_REQUEST' }),
      201,
    );
    await page.goto(`${consoleApp.url}/service-requests/${change._id}`);
    await page.getByRole('heading', { level: 1, name: 'Add a results column' }).waitFor();
    expect(await page.getByTestId('change-approval').textContent()).toBe('Approval: PENDING.');
    await page.getByLabel('Decision').selectOption('APPROVED');
    await page.getByRole('button', { name: 'Record the decision' }).click();
    await page.getByText('The decision was recorded.').waitFor();
    await page.getByTestId('change-approval').filter({ hasText: 'Approval: APPROVED.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Record the decision' }).count()).toBe(0);
    const decided = api<{ typeMeta: { change: { approvalStatus: string; approverId: string } } }>(
      await request(organisationUrl).get(`/admin/service-requests/${change._id}`).set('Authorization', admin),
    );
    expect(decided.typeMeta.change).toMatchObject({ approvalStatus: 'APPROVED', approverId: assignee?.id });

    await page.goto(`${consoleApp.url}/service-requests?status=OPEN`);
    await page.getByRole('heading', { level: 1, name: 'Service requests' }).waitFor();
    await page.getByTestId('desk-total').waitFor();
    const listed = api<{ total: number }>(
      await request(organisationUrl).get('/admin/service-requests').set('Authorization', admin).query({ status: 'OPEN' }),
    );
    expect(await page.getByTestId('desk-total').textContent()).toMatch(new RegExp(`^${listed.total} tickets?,`));
    await page.getByTestId('desk-stats-total').waitFor();
    await expectAccessible('service requests');
  });

  it('is operated with the keyboard alone: team-match on the results, the shortlist and a what-if, a ticket moved on', async () => {
    // Two roles for the team, so the results page offers a role to choose: one without a
    // specification of criteria, one with an empty one.
    const specification = api<{ id: number }>(
      await request(evaluationUrl).post('/algorithm/rolespecifications').set('Authorization', admin).send({}),
      201,
    );
    for (const role of [
      { title: 'Engineer', teamId },
      { title: 'Lead', teamId, roleSpecificationId: specification.id },
    ])
      api(await request(evaluationUrl).post('/algorithm/roles').set('Authorization', admin).send(role), 201);
    const roles = api<Array<{ id: number; title: string }>>(
      await request(evaluationUrl).get('/algorithm/roles').set('Authorization', admin).query({ teamId, limit: 100 }),
    );
    const [firstRole, secondRole] = roles;
    if (!firstRole || !secondRole) throw new Error('the team has no two roles');

    /** The team-match the page shows against the API's answer for the same role and weight. */
    const expectTeamMatch = async (roleId: number, roleWeight: number) => {
      const match = api<{
        roleMatch: { score?: number; error?: string; roleId: number } | null;
        combined: { score: number; roleWeight: number } | null;
      }>(
        await request(evaluationUrl)
          .post(`/evaluation/${candidate.evaluationId}/team-match`)
          .set('Authorization', admin)
          .send({ roleId, roleWeight }),
      );
      const combined = page.getByTestId('team-match-combined-score');
      await combined.filter({ hasText: `(role weighted ${roleWeight}%)` }).waitFor();
      expect(await combined.textContent()).toContain(`${shown(match.combined?.score ?? null)} of 100`);
      const region = page.getByRole('region', { name: 'Match with the team and its role' });
      if (match.roleMatch === null) await region.getByText('No role match: the role has no specification of criteria.').waitFor();
      else if (match.roleMatch.score === undefined)
        await region.getByText(`No role match for role ${roleId}: ${match.roleMatch.error}.`).waitFor();
      else expect(await page.getByTestId('team-match-role-score').textContent()).toContain(`${shown(match.roleMatch.score)} of 100`);
    };

    // The results: the role select and the weight slider change the team-match.
    await openWithKeyboard(`/evaluations/${candidate.evaluationId}`, 'Results of Ada Lovelace');
    // A label around a select takes in its chosen option: the name is "Role Engineer", say.
    const roleSelect = page.getByRole('region', { name: 'Match with the team and its role' }).getByLabel(/^Role/);
    const slider = page.getByLabel(/^Weight of the role match/);
    const scoreButton = page.getByRole('button', { name: 'Score the match' });
    await roleSelect.waitFor();
    expect(await roleSelect.locator('option').allTextContents()).toEqual(roles.map((role) => role.title));
    await tabTo(roleSelect, 'the role');
    await page.keyboard.press('ArrowDown');
    expect(await roleSelect.inputValue()).toBe(String(secondRole.id));
    await tabTo(slider, 'the weight slider');
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('70');
    await tabTo(scoreButton, 'Score the match');
    await page.keyboard.press('Enter');
    await expectTeamMatch(secondRole.id, 70);
    // Back with Shift+Tab: a lower weight and the other role give the other answer.
    await tabTo(slider, 'the weight slider, backwards', 'Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    expect(await slider.inputValue()).toBe('65');
    await tabTo(roleSelect, 'the role, backwards', 'Shift+Tab');
    await page.keyboard.press('ArrowUp');
    expect(await roleSelect.inputValue()).toBe(String(firstRole.id));
    await tabTo(scoreButton, 'Score the match, again');
    await page.keyboard.press('Space');
    await expectTeamMatch(firstRole.id, 65);
    await expectFocusShownOn(scoreButton, 'the focus stays on Score the match');
    await expectAccessible('results, after the keyboard');

    // Team insight: a filtered shortlist, then a what-if with a person added.
    await openWithKeyboard(`/teams/${teamId}/insight`, 'Insight: Insight team');
    const status = page.getByRole('form', { name: 'Shortlist filters' }).getByLabel(/^Status/);
    const personRole = page.getByLabel('Person’s role');
    const runShortlist = page.getByRole('button', { name: 'Run the shortlist' });
    const shortlistTotal = async (filters: Record<string, string>) =>
      api<{ total: number; items: Array<{ persona: { id: string } }> }>(
        await request(evaluationUrl)
          .post(`/algorithm/teams/${teamId}/shortlist`)
          .set('Authorization', admin)
          .send({ ...filters, sort: 'combined', page: 1, limit: 10 }),
      );
    await tabTo(status, 'the shortlist status');
    await page.keyboard.press('ArrowDown');
    expect(await status.inputValue()).toBe('ACTIVE');
    await tabTo(personRole, 'the person’s role');
    await page.keyboard.press('ArrowDown');
    expect(await personRole.inputValue()).toBe('CANDIDATE');
    await tabTo(runShortlist, 'Run the shortlist');
    await page.keyboard.press('Enter');
    const active = await shortlistTotal({ status: 'ACTIVE', role: 'CANDIDATE' });
    expect(active.items.map((item) => item.persona.id)).toContain(candidate.personaId);
    await page
      .getByTestId('shortlist-total')
      .filter({ hasText: new RegExp(`^${active.total} (person|people) on the shortlist`) })
      .waitFor();
    expect(
      await inPage<string[]>(page, `[...document.querySelectorAll('[data-testid="shortlist-item"]')].map((li) => li.dataset.persona)`),
    ).toEqual(active.items.map((item) => item.persona.id));
    // A status nobody here has: the filter is applied, the list follows the API.
    await tabTo(status, 'the shortlist status, backwards', 'Shift+Tab');
    await page.keyboard.press('ArrowDown');
    expect(await status.inputValue()).toBe('PENDING');
    await tabTo(runShortlist, 'Run the shortlist, again');
    await page.keyboard.press('Space');
    const pending = await shortlistTotal({ status: 'PENDING', role: 'CANDIDATE' });
    await page
      .getByTestId('shortlist-total')
      .filter({ hasText: new RegExp(`^${pending.total} (person|people) on the shortlist`) })
      .waitFor();
    expect(await page.getByTestId('shortlist-item').count()).toBe(pending.items.length);

    const adding = page.getByLabel('People to add (persona ids, one a line or separated by commas)');
    await tabTo(adding, 'the people to add');
    await page.keyboard.type(candidate.personaId);
    await tabTo(page.getByRole('button', { name: 'Simulate' }), 'Simulate');
    await page.keyboard.press('Enter');
    await page.getByTestId('what-if-members').waitFor();
    const simulation = api<{ members: Array<{ personaId: string; added: boolean; fitAfter: { score: number } }> }>(
      await request(evaluationUrl)
        .post(`/algorithm/teams/${teamId}/simulate`)
        .set('Authorization', admin)
        .send({ addPersonaIds: [candidate.personaId] }),
    );
    const added = simulation.members.find((member) => member.personaId === candidate.personaId);
    expect(added?.added).toBe(true);
    const addedRow = page.locator(`[data-testid="what-if-members"] tr[data-persona="${candidate.personaId}"]`);
    expect(await addedRow.locator('th').textContent()).toBe(`${candidate.personaId} (added)`);
    expect(await addedRow.locator('[data-field="fitAfter"]').textContent()).toMatch(
      new RegExp(`^${shown(added?.fitAfter.score ?? null).replace('.', '\\.')} – `),
    );
    await expectAccessible('team insight, after the keyboard');

    // A ticket moved to the next status.
    const ticket = api<{ _id: string }>(
      await request(organisationUrl).post('/admin/service-requests').set('Authorization', admin).send({
        title: 'The keyboard ticket',
        description: 'Moved on without a mouse.',
        type: 'INCIDENT',
        impact: 'LOW',
        urgency: 'LOW',
      }),
      201,
    );
    await openWithKeyboard(`/service-requests/${ticket._id}`, 'The keyboard ticket');
    const moveTo = page.getByLabel('Move to');
    expect(await moveTo.locator('option').allTextContents()).toEqual(['Open', 'In progress']);
    await tabTo(moveTo, 'Move to');
    await page.keyboard.press('ArrowDown');
    expect(await moveTo.inputValue()).toBe('IN_PROGRESS');
    const change = page.getByRole('button', { name: 'Change the status' });
    await tabTo(change, 'Change the status');
    await page.keyboard.press('Enter');
    await page.getByText('The status was changed.').waitFor();
    await page.getByTestId('ticket-status').filter({ hasText: 'In progress' }).waitFor();
    const moved = api<{ status: string }>(
      await request(organisationUrl).get(`/admin/service-requests/${ticket._id}`).set('Authorization', admin),
    );
    expect(moved.status).toBe('IN_PROGRESS');
    await expectFocusShownOn(change, 'the focus stays on Change the status');
    await expectAccessible('ticket, after the keyboard');
  });
});
