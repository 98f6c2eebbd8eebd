import { SERVICES, type ServiceName } from '@teamfit/common/services';
import path from 'node:path';
import { readNodeRuntime, withNodeRuntime } from './node-runtime';

export interface ServiceProcessSettings {
  databaseUrl: string;
  /** Where the migrations run when `databaseUrl` is a role that only reads and writes rows (the embedded server's). */
  migrationDatabaseUrl?: string;
  smtpUrl: string;
  keys: { privateKeyPem: string; publicKeyPem: string };
  /** Root of the built tree (`dist/`). */
  distRoot: string;
  repositoryRoot: string;
  /** The platform's data folder (DATA_DIR): media lives in it unless MEDIA_DIR says otherwise. */
  dataDir?: string;
  /** The port to listen on; the service's fixed port by default. */
  port?: number;
  /** Where Node keeps the services' compiled code between starts (NODE_COMPILE_CACHE); none by default. */
  codeCacheDir?: string;
}

/** The command line of one service after `node`: its entry in the built tree, as the images run it (deploy/start-service.sh). */
export function serviceCommand(distRoot: string, name: string): string[] {
  return [path.join(distRoot, 'apps', name, 'src', 'main.js')];
}

/** How one service process is started, for `npm start` and for the benchmarks alike, so that what is measured is what runs. */
export function serviceProcess(
  name: ServiceName,
  settings: ServiceProcessSettings,
  env: NodeJS.ProcessEnv = process.env,
): { args: string[]; env: NodeJS.ProcessEnv } {
  // Only the services that issue tokens hold the private key.
  const signs = name === 'auth' || name === 'profile';
  return {
    args: serviceCommand(settings.distRoot, name),
    env: {
      ...env,
      PORT: String(settings.port ?? SERVICES[name].port),
      HOST: '127.0.0.1',
      DATABASE_URL: settings.databaseUrl,
      ...(settings.migrationDatabaseUrl ? { DATABASE_MIGRATION_URL: settings.migrationDatabaseUrl } : {}),
      SMTP_URL: settings.smtpUrl,
      JWT_PUBLIC_KEY: settings.keys.publicKeyPem,
      JWT_PRIVATE_KEY: signs ? settings.keys.privateKeyPem : '',
      LOG_LEVEL: env['LOG_LEVEL'] ?? 'warn',
      // People read `npm start`'s output; containers and log collectors get JSON lines.
      LOG_FORMAT: env['LOG_FORMAT'] ?? 'pretty',
      ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }),
      MEDIA_DIR: env['MEDIA_DIR'] ?? path.join(settings.dataDir ?? path.join(settings.repositoryRoot, '.data'), 'media'),
      ...(settings.codeCacheDir ? { NODE_COMPILE_CACHE: settings.codeCacheDir } : {}),
      ...withNodeRuntime(readNodeRuntime(settings.repositoryRoot), env),
    },
  };
}
