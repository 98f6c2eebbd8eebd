import { SERVICES, type ServiceName } from '@teamfit/common';
import path from 'node:path';

export interface ServiceProcessSettings {
  databaseUrl: string;
  smtpUrl: string;
  keys: { privateKeyPem: string; publicKeyPem: string };
  /** Root of the built tree (`dist/`). */
  distRoot: string;
  repositoryRoot: string;
  /** The port to listen on; the service's fixed port by default. */
  port?: number;
}

/**
 * How one service process is started, for `npm start` and for the benchmarks alike, so that what
 * is measured is what runs. No `--enable-source-maps`: Node then keeps every source map of the
 * bundle's dependencies in memory (about 10 MB a process) and pays for it on every stack trace.
 */
export function serviceProcess(name: ServiceName, settings: ServiceProcessSettings, env: NodeJS.ProcessEnv = process.env): { args: string[]; env: NodeJS.ProcessEnv } {
  // Only the services that issue tokens hold the private key.
  const signs = name === 'auth' || name === 'profile';
  return {
    args: [path.join(settings.distRoot, 'apps', name, 'src', 'main.js')],
    env: {
      ...env,
      PORT: String(settings.port ?? SERVICES[name].port),
      HOST: '127.0.0.1',
      DATABASE_URL: settings.databaseUrl,
      SMTP_URL: settings.smtpUrl,
      JWT_PUBLIC_KEY: settings.keys.publicKeyPem,
      JWT_PRIVATE_KEY: signs ? settings.keys.privateKeyPem : '',
      LOG_LEVEL: env['LOG_LEVEL'] ?? 'warn',
      ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }),
      MEDIA_DIR: env['MEDIA_DIR'] ?? path.join(settings.repositoryRoot, '.data', 'media'),
    },
  };
}
