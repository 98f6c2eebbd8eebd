// `npm start`: the whole platform on one machine with embedded defaults. PostgreSQL (embedded
// unless DATABASE_URL), MailDev (unless SMTP_URL), the five services and the nginx gateway.
import { ensureKeyPairFiles } from '@teamfit/auth/keys';
import { SERVICE_NAMES, SERVICES, type ServiceName } from '@teamfit/common/services';
import { startEmbeddedPostgres } from '@teamfit/database/embedded';
import { findNginx, isPortFree, type NginxInstance, renderLocalGatewayConfig, startNginx } from '@teamfit/gateway';
import path from 'node:path';
import { spawnManaged } from './child-process';
import { startMailCatcher } from './mail-catcher';
import { ensureCommand } from './ensure-command';
import { loadRunnerConfig, type RunnerConfig } from './runner-config';
import { waitForHealth } from './service-health';
import { serviceProcess } from './service-process';

const DIST_ROOT = path.resolve(__dirname, '../..');
const REPOSITORY_ROOT = path.resolve(DIST_ROOT, '..');
const log = (line: string) => process.stdout.write(`[platform] ${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`[platform] ${line}\n`);
  process.exit(1);
};

interface Running {
  stops: Array<{ name: string; stop: () => Promise<void> }>;
  stopping: boolean;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  let config: RunnerConfig;
  try {
    config = loadRunnerConfig(process.env);
  } catch (error) {
    return fail((error as Error).message);
  }
  const dataDir = path.resolve(REPOSITORY_ROOT, config.DATA_DIR);

  // Every port is checked before anything starts: a second `npm start` fails here, cleanly.
  const ports: Array<[string, number]> = [
    ['gateway (GATEWAY_PORT)', config.GATEWAY_PORT],
    ...SERVICE_NAMES.map((name): [string, number] => [`${name} service`, SERVICES[name].port]),
  ];
  if (!config.DATABASE_URL) ports.push(['embedded PostgreSQL (EMBEDDED_POSTGRES_PORT)', config.EMBEDDED_POSTGRES_PORT]);
  if (!config.SMTP_URL) ports.push(['MailDev SMTP', config.MAILDEV_SMTP_PORT], ['MailDev inbox', config.MAILDEV_WEB_PORT]);
  for (const [what, port] of ports) {
    if (!(await isPortFree(port))) {
      return fail(`port ${port} for the ${what} is already in use: is the platform already running? Stop it, or free the port.`);
    }
  }

  let nginxBinary: string;
  try {
    nginxBinary = ensureCommand({ packageName: 'nginx', find: findNginx, log });
  } catch (error) {
    return fail((error as Error).message);
  }
  log(`gateway binary: ${nginxBinary}`);

  const running: Running = { stops: [], stopping: false };
  const shutdown = async (code: number) => {
    if (running.stopping) return;
    running.stopping = true;
    log('stopping…');
    for (const item of [...running.stops].reverse()) {
      await item.stop().catch((error: unknown) => log(`${item.name} did not stop cleanly: ${String(error)}`));
    }
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const postgres = await startEmbeddedPostgres({
        dataDir: path.join(dataDir, 'postgres'),
        port: config.EMBEDDED_POSTGRES_PORT,
        database: 'teamfit',
        persistent: true,
      });
      running.stops.push({ name: 'postgres', stop: () => postgres.stop() });
      databaseUrl = postgres.url;
      log(`embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_POSTGRES_PORT} (data in ${path.relative(REPOSITORY_ROOT, path.join(dataDir, 'postgres'))})`);
    }

    let smtpUrl = config.SMTP_URL;
    if (!smtpUrl) {
      const maildev = await startMailCatcher({ smtpPort: config.MAILDEV_SMTP_PORT, webPort: config.MAILDEV_WEB_PORT });
      running.stops.push({ name: 'maildev', stop: () => maildev.stop() });
      log(`MailDev: SMTP on 127.0.0.1:${config.MAILDEV_SMTP_PORT}, inbox on http://localhost:${config.MAILDEV_WEB_PORT}`);
      smtpUrl = `smtp://127.0.0.1:${config.MAILDEV_SMTP_PORT}`;
    }

    const keys =
      process.env['JWT_PRIVATE_KEY'] && process.env['JWT_PUBLIC_KEY']
        ? { privateKeyPem: process.env['JWT_PRIVATE_KEY'], publicKeyPem: process.env['JWT_PUBLIC_KEY'] }
        : ensureKeyPairFiles(path.join(dataDir, 'keys'));

    SERVICE_NAMES.forEach((name, index) => startServiceProcess(name, index, { databaseUrl, smtpUrl, keys }, running, shutdown));
    await Promise.all(SERVICE_NAMES.map((name) => waitForHealth(SERVICES[name].port, 30_000, name)));

    const nginx: NginxInstance = await startNginx({
      config: renderLocalGatewayConfig(REPOSITORY_ROOT, {
        listen: String(config.GATEWAY_PORT),
        upstream: (name) => `127.0.0.1:${SERVICES[name].port}`,
        runDir: path.join(dataDir, 'nginx'),
        accessLog: path.join(dataDir, 'nginx', 'access.log'),
        corsOrigins: [config.ADMIN_APP_ORIGIN, config.HUB_APP_ORIGIN, ...config.CORS_ORIGINS],
      }),
      runDir: path.join(dataDir, 'nginx'),
      port: config.GATEWAY_PORT,
      onOutput: (line) => process.stderr.write(`[gateway] ${line}\n`),
    });
    running.stops.push({ name: 'gateway', stop: () => nginx.stop() });
    nginx.process.once('exit', (code) => {
      if (!running.stopping) {
        log(`the gateway (nginx) exited unexpectedly with code ${String(code)}: stopping the platform`);
        void shutdown(1);
      }
    });

    const base = `http://localhost:${config.GATEWAY_PORT}`;
    log(`ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    log(`gateway        ${base}   (health: ${base}/health, API: ${base}/docs)`);
    for (const name of SERVICE_NAMES) log(`${name.padEnd(14)} ${base}/${name}/health   (OpenAPI: ${base}/${name}/docs)`);
    if (!config.SMTP_URL) log(`mail inbox     http://localhost:${config.MAILDEV_WEB_PORT}   (MailDev: one-time passwords land here)`);
    log('press Ctrl-C to stop everything');
  } catch (error) {
    log(`start failed: ${(error as Error).message}`);
    await shutdown(1);
  }
}

function startServiceProcess(
  name: ServiceName,
  index: number,
  settings: { databaseUrl: string; smtpUrl: string; keys: { privateKeyPem: string; publicKeyPem: string } },
  running: Running,
  shutdown: (code: number) => Promise<void>,
): void {
  const { args, env } = serviceProcess(name, { ...settings, distRoot: DIST_ROOT, repositoryRoot: REPOSITORY_ROOT });
  const child = spawnManaged(name, index, process.execPath, args, env, { ipc: true });
  running.stops.push({ name, stop: () => child.stop() });
  child.process.once('exit', (code, signal) => {
    if (running.stopping) return;
    log(`the ${name} service exited unexpectedly (${signal ?? `code ${String(code)}`}): stopping the platform`);
    void shutdown(1);
  });
}

void main();
