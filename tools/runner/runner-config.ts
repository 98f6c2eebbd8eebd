import { DEFAULT_ADMIN_APP_ORIGIN, DEFAULT_HUB_APP_ORIGIN, originOf, originsOf } from '@teamfit/gateway';
import { DEFAULT_SERVICE_BASE_PORT, parseServiceInstances, serviceInstances, type ServiceInstances } from './service-instances';

/** Settings of the local runner (`npm start`); services validate their own on top. */
export interface RunnerConfig {
  GATEWAY_PORT: number;
  DATABASE_URL?: string;
  EMBEDDED_POSTGRES_PORT: number;
  SMTP_URL?: string;
  MAILDEV_SMTP_PORT: number;
  MAILDEV_WEB_PORT: number;
  DATA_DIR: string;
  /** The origins whose browser pages may call the gateway (CORS): these two and CORS_ORIGINS. */
  ADMIN_APP_ORIGIN: string;
  HUB_APP_ORIGIN: string;
  CORS_ORIGINS: string[];
  /** How many processes of each service run; each on its own port derived from SERVICE_BASE_PORT. */
  SERVICE_INSTANCES: ServiceInstances;
  SERVICE_BASE_PORT: number;
}

type Read<T> = (value: string | undefined, name: string) => T;

/*
 * Twelve settings, read by hand rather than with zod (which the services use): the runner stays up
 * all day beside the platform, and zod's modules would stay resident in it for a dozen values
 * (docs/adr/0016-idle-memory-under-npm-start.md).
 */
const port =
  (fallback: number): Read<number> =>
  (value, name) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < 1 || parsed > 65535)
      throw new Error(`invalid configuration: ${name} must be a port number (1-65535)`);
    return parsed;
  };

const url =
  (pattern: RegExp, what: string): Read<string | undefined> =>
  (value, name) => {
    if (value === undefined) return undefined;
    if (!pattern.test(value)) throw new Error(`invalid configuration: ${name} must be ${what}`);
    return value;
  };

const text =
  (fallback: string): Read<string> =>
  (value) =>
    value ?? fallback;

const origin =
  (fallback: string): Read<string> =>
  (value, name) =>
    originOf(value ?? fallback, name);

const origins: Read<string[]> = (value, name) => (value === undefined ? [] : originsOf(value, name));

const READERS: { [K in keyof RunnerConfig]-?: Read<RunnerConfig[K]> } = {
  GATEWAY_PORT: port(8080),
  DATABASE_URL: url(/^postgres(ql)?:\/\//, 'a postgres:// URL'),
  EMBEDDED_POSTGRES_PORT: port(54329),
  SMTP_URL: url(/^smtps?:\/\//, 'an smtp:// URL'),
  MAILDEV_SMTP_PORT: port(1025),
  MAILDEV_WEB_PORT: port(1080),
  DATA_DIR: text('.data'),
  ADMIN_APP_ORIGIN: origin(DEFAULT_ADMIN_APP_ORIGIN),
  HUB_APP_ORIGIN: origin(DEFAULT_HUB_APP_ORIGIN),
  CORS_ORIGINS: origins,
  SERVICE_INSTANCES: parseServiceInstances,
  SERVICE_BASE_PORT: port(DEFAULT_SERVICE_BASE_PORT),
};

/** Every environment variable the runner itself reads (it passes the rest on to the services). */
export const RUNNER_ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(READERS);

/** Reads and checks every setting once; an empty value counts as unset. */
export function loadRunnerConfig(env: NodeJS.ProcessEnv): RunnerConfig {
  const readers: Array<[string, Read<unknown>]> = Object.entries(READERS);
  // Each value comes from its own reader, whose type READERS ties to the field's.
  const config = Object.fromEntries(
    readers.map(([name, read]) => {
      const value = env[name]?.trim();
      return [name, read(value === undefined || value === '' ? undefined : value, name)];
    }),
  ) as unknown as RunnerConfig;
  // Every instance's port must exist: the two settings together decide the highest.
  serviceInstances({ instances: config.SERVICE_INSTANCES, basePort: config.SERVICE_BASE_PORT });
  return config;
}
