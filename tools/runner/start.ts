// `npm start`: the whole platform on one machine with embedded defaults. PostgreSQL (embedded
// unless DATABASE_URL), MailDev (unless SMTP_URL), the five services (SERVICE_INSTANCES
// processes each, restarted when one dies), the nginx gateway in front of every instance and the
// built web apps, each on the port of its origin.
import { ensureKeyPairFiles } from '@teamfit/auth/keys';
import { SERVICE_NAMES } from '@teamfit/common/services';
import { ensureDatabase, prepareEmbeddedPostgres, provisionServiceRole, waitForEmbeddedPostgres } from '@teamfit/database/embedded';
import { findNginx, isPortFree, type NginxInstance, renderLocalGatewayConfig, startNginx } from '@teamfit/gateway';
import path from 'node:path';
import { isRunning, type ManagedChild, spawnManaged } from './child-process';
import { inboxCredentialsFile, type InboxCredentials } from './inbox-credentials';
import { startMailCatcher } from './mail-catcher';
import { ensureCommand } from './ensure-command';
import { loadRunnerConfig, type RunnerConfig } from './runner-config';
import { waitForHealth } from './service-health';
import { type ServiceInstance, serviceInstances } from './service-instances';
import { privateLogFile } from './private-files';
import { serviceProcess } from './service-process';
import { SupervisedProcess } from './supervisor';
import { webAppSites } from './web-apps';
import { startWebAppServer } from '@teamfit/web-host';

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
  const instances = serviceInstances({ instances: config.SERVICE_INSTANCES, basePort: config.SERVICE_BASE_PORT });
  const webApps = webAppSites(DIST_ROOT, config);

  // Every port is checked before anything starts: a second `npm start` fails here, cleanly.
  const ports: Array<[string, number]> = [
    ['gateway (GATEWAY_PORT)', config.GATEWAY_PORT],
    ...instances.map((instance): [string, number] => [`${instance.name} service`, instance.port]),
    ...webApps.map((site): [string, number] => [`${site.name} web app (${site.origin})`, site.port]),
  ];
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
    let migrationDatabaseUrl: string | undefined;
    let postgres: SupervisedProcess | undefined;
    if (!databaseUrl) {
      const server = await prepareEmbeddedPostgres({
        dataDir: path.join(dataDir, 'postgres'),
        port: config.EMBEDDED_POSTGRES_PORT,
        database: 'teamfit',
        persistent: true,
      });
      // Supervised like a service: restarted with back-off when it dies (the services reconnect
      // by themselves), the platform stopped when it cannot start or dies in a loop.
      postgres = new SupervisedProcess({
        label: 'PostgreSQL',
        spawn: () =>
          spawnManaged('postgres', SERVICE_NAMES.length, server.command, server.args, process.env, {
            ...(server.uid === undefined ? {} : { uid: server.uid, gid: server.gid }),
            stopSignal: 'SIGINT',
            quiet: true,
          }),
        ready: (child) => waitForEmbeddedPostgres(server.adminUrl, 60_000, () => isRunning(child)),
        log,
        onFatal: (line) => {
          if (running.stopping) return;
          log(line);
          void shutdown(1);
        },
      });
      const database = postgres;
      running.stops.push({ name: 'postgres', stop: () => database.stop().finally(() => server.release()) });
      await database.ready(database.start());
      await ensureDatabase(server.adminUrl, 'teamfit');
      // The services connect as a role that only reads and writes rows; their migrations run as the owner.
      await provisionServiceRole(server.url, server.servicePassword);
      databaseUrl = server.serviceUrl;
      migrationDatabaseUrl = server.url;
      const shown = (target: string) => path.relative(REPOSITORY_ROOT, target) || '.';
      log(
        `embedded PostgreSQL on its socket in ${server.socketDir} (port ${config.EMBEDDED_POSTGRES_PORT}, no TCP; data in ${shown(path.join(dataDir, 'postgres'))}, passwords in ${shown(path.join(dataDir, 'secrets', 'postgres.json'))})`,
      );
    }

    let smtpUrl = config.SMTP_URL;
    let inbox: InboxCredentials | undefined;
    if (!smtpUrl) {
      const maildev = await startMailCatcher({ smtpPort: config.MAILDEV_SMTP_PORT, webPort: config.MAILDEV_WEB_PORT, dataDir });
      running.stops.push({ name: 'maildev', stop: () => maildev.stop() });
      inbox = maildev.credentials;
      log(
        `MailDev: SMTP on 127.0.0.1:${config.MAILDEV_SMTP_PORT}, inbox on http://localhost:${config.MAILDEV_WEB_PORT} (credentials in ${path.relative(REPOSITORY_ROOT, inboxCredentialsFile(dataDir)) || inboxCredentialsFile(dataDir)})`,
      );
      smtpUrl = `smtp://127.0.0.1:${config.MAILDEV_SMTP_PORT}`;
    }

    const keys =
      process.env['JWT_PRIVATE_KEY'] && process.env['JWT_PUBLIC_KEY']
        ? { privateKeyPem: process.env['JWT_PRIVATE_KEY'], publicKeyPem: process.env['JWT_PUBLIC_KEY'] }
        : ensureKeyPairFiles(path.join(dataDir, 'keys'));

    // A warm start (the data folder kept) finds the services' compiled code here too.
    const settings = { databaseUrl, migrationDatabaseUrl, smtpUrl, keys, dataDir, codeCacheDir: path.join(dataDir, 'compile-cache') };
    const supervised = instances.map((instance) => ({
      instance,
      process: supervisedService(instance, instances, settings, running, shutdown),
    }));
    running.stops.push({
      name: 'services',
      stop: () => Promise.all(supervised.map((entry) => entry.process.stop())).then(() => undefined),
    });
    // The first instance of each service runs its migrations and seeds before the others start:
    // they find that work done, and two cores are not asked to boot every process at once.
    for (const wave of [
      supervised.filter((entry) => entry.instance.instance === 1),
      supervised.filter((entry) => entry.instance.instance > 1),
    ]) {
      await Promise.all(wave.map((entry) => serving(entry.instance, entry.process.start())));
    }

    const nginx: NginxInstance = await startNginx({
      config: renderLocalGatewayConfig(REPOSITORY_ROOT, {
        listen: String(config.GATEWAY_PORT),
        upstream: (name) => instances.filter((instance) => instance.service === name).map((instance) => `127.0.0.1:${instance.port}`),
        runDir: path.join(dataDir, 'nginx'),
        accessLog: privateLogFile(path.join(dataDir, 'logs'), 'gateway-access.log'),
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

    // From here on a service process that dies is restarted while its other instances serve, and
    // PostgreSQL when it dies.
    for (const entry of supervised) entry.process.supervise();
    postgres?.supervise();

    const base = `http://localhost:${config.GATEWAY_PORT}`;
    // The apps call the gateway where a browser finds it: its public address when one is set.
    const apiBaseUrl = process.env['PUBLIC_BASE_URL'] || base;
    for (const site of webApps) {
      const app = await startWebAppServer({ root: site.root, port: site.port, apiBaseUrl });
      running.stops.push({ name: `${site.name} web app`, stop: () => app.close() });
    }
    log(`ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    log(`gateway        ${base}   (health: ${base}/health, API: ${base}/docs)`);
    for (const name of SERVICE_NAMES) {
      const own = instances.filter((instance) => instance.service === name);
      const where =
        own.length === 1
          ? `port ${own[0]?.port ?? ''}`
          : `${own.length} instances, ports ${own.map((instance) => instance.port).join(', ')}`;
      log(`${name.padEnd(14)} ${base}/${name}/health   (OpenAPI: ${base}/${name}/docs; ${where})`);
    }
    for (const site of webApps) log(`${`${site.name} web app`.padEnd(14)} ${site.origin}   (built from apps/${path.basename(site.root)})`);
    if (inbox)
      log(
        `mail inbox     http://localhost:${config.MAILDEV_WEB_PORT}   (MailDev: one-time passwords land here; user ${inbox.user}, password ${inbox.password})`,
      );
    log('press Ctrl-C to stop everything');
  } catch (error) {
    log(`start failed: ${(error as Error).message}`);
    await shutdown(1);
  }
}

interface ProcessSettings {
  databaseUrl: string;
  migrationDatabaseUrl: string | undefined;
  smtpUrl: string;
  keys: { privateKeyPem: string; publicKeyPem: string };
  dataDir: string;
  codeCacheDir: string;
}

/** Resolves once the instance answers /health; rejects if its process exits first or it takes over 30 s. */
function serving(instance: ServiceInstance, child: ManagedChild): Promise<void> {
  return waitForHealth(instance.port, 30_000, instance.name, () => isRunning(child));
}

function supervisedService(
  instance: ServiceInstance,
  all: readonly ServiceInstance[],
  settings: ProcessSettings,
  running: Running,
  shutdown: (code: number) => Promise<void>,
): SupervisedProcess {
  // Each organisation instance reaches one media instance (logos); they are spread over them.
  const media = all.filter((candidate) => candidate.service === 'media');
  const mediaPort = media[(instance.instance - 1) % media.length]?.port;
  const { args, env } = serviceProcess(instance.service, {
    ...settings,
    distRoot: DIST_ROOT,
    repositoryRoot: REPOSITORY_ROOT,
    port: instance.port,
    codeCacheDir: settings.codeCacheDir,
  });
  const colour = SERVICE_NAMES.indexOf(instance.service);
  return new SupervisedProcess({
    label: instance.label,
    spawn: () =>
      spawnManaged(
        instance.name,
        colour,
        process.execPath,
        args,
        { ...env, MEDIA_SERVICE_URL: `http://127.0.0.1:${String(mediaPort)}` },
        { ipc: true },
      ),
    ready: (child) => serving(instance, child),
    log,
    onFatal: (line) => {
      if (running.stopping) return;
      log(line);
      void shutdown(1);
    },
  });
}

void main();
