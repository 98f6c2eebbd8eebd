/** Settings of the local runner (`npm start`); services validate their own on top. */
export interface RunnerConfig {
  GATEWAY_PORT: number;
  DATABASE_URL?: string;
  EMBEDDED_POSTGRES_PORT: number;
  SMTP_URL?: string;
  MAILDEV_SMTP_PORT: number;
  MAILDEV_WEB_PORT: number;
  DATA_DIR: string;
}

type Read<T> = (value: string | undefined, name: string) => T;

/*
 * Seven settings, read by hand rather than with zod (which the services use): the runner stays up
 * all day beside the platform, and zod's modules alone keep about 11 MiB of it resident.
 */
const port =
  (fallback: number): Read<number> =>
  (value, name) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < 1 || parsed > 65535) throw new Error(`invalid configuration: ${name} must be a port number (1-65535)`);
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

const READERS: { [K in keyof RunnerConfig]-?: Read<RunnerConfig[K]> } = {
  GATEWAY_PORT: port(8080),
  DATABASE_URL: url(/^postgres(ql)?:\/\//, 'a postgres:// URL'),
  EMBEDDED_POSTGRES_PORT: port(54329),
  SMTP_URL: url(/^smtps?:\/\//, 'an smtp:// URL'),
  MAILDEV_SMTP_PORT: port(1025),
  MAILDEV_WEB_PORT: port(1080),
  DATA_DIR: text('.data'),
};

/** Every environment variable the runner itself reads (it passes the rest on to the services). */
export const RUNNER_ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(READERS);

/** Reads and checks every setting once; an empty value counts as unset. */
export function loadRunnerConfig(env: NodeJS.ProcessEnv): RunnerConfig {
  const valueOf = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  return {
    GATEWAY_PORT: READERS.GATEWAY_PORT(valueOf('GATEWAY_PORT'), 'GATEWAY_PORT'),
    DATABASE_URL: READERS.DATABASE_URL(valueOf('DATABASE_URL'), 'DATABASE_URL'),
    EMBEDDED_POSTGRES_PORT: READERS.EMBEDDED_POSTGRES_PORT(valueOf('EMBEDDED_POSTGRES_PORT'), 'EMBEDDED_POSTGRES_PORT'),
    SMTP_URL: READERS.SMTP_URL(valueOf('SMTP_URL'), 'SMTP_URL'),
    MAILDEV_SMTP_PORT: READERS.MAILDEV_SMTP_PORT(valueOf('MAILDEV_SMTP_PORT'), 'MAILDEV_SMTP_PORT'),
    MAILDEV_WEB_PORT: READERS.MAILDEV_WEB_PORT(valueOf('MAILDEV_WEB_PORT'), 'MAILDEV_WEB_PORT'),
    DATA_DIR: READERS.DATA_DIR(valueOf('DATA_DIR'), 'DATA_DIR'),
  };
}
