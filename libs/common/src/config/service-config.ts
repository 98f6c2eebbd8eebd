import { readFileSync } from 'node:fs';
import { TRACING_ENVIRONMENT_VARIABLES, TracingSettingsError, tracingSettingsOf } from '@teamfit/tracing';
import { z } from 'zod';
import { SERVICES, type ServiceName } from './service-name';

/** Thrown when the environment does not describe a runnable service; its message is one line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const pem = (label: string) =>
  z
    .string()
    // Environment files often carry PEM blocks on one line with literal "\n".
    .transform((value) => value.replace(/\\n/g, '\n').trim())
    .refine((value) => value.includes(`-----BEGIN ${label}-----`), `must be a PEM-encoded ${label.toLowerCase()}`);

/** One or more PEM public keys in one value (blocks one after another; `\n` accepted as in `pem`). */
const pemList = (label: string) =>
  z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n').match(new RegExp(`-----BEGIN ${label}-----[^-]+-----END ${label}-----`, 'g')) ?? [])
    .refine((blocks) => blocks.length > 0, `must hold one or more PEM-encoded ${label.toLowerCase()}s`);

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\/.+/.test(value), 'must be a postgres:// or postgresql:// URL');

const httpUrl = z.url().refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: postgresUrl,
  DATABASE_READ_URL: postgresUrl.optional(),
  DATABASE_MIGRATION_URL: postgresUrl.optional(),
  JWT_PUBLIC_KEY: pem('PUBLIC KEY'),
  JWT_PRIVATE_KEY: pem('PRIVATE KEY').optional(),
  JWT_PREVIOUS_PUBLIC_KEYS: pemList('PUBLIC KEY').optional(),
  JWT_ISSUER: z.string().min(1).default('teamfit'),
  JWT_AUDIENCE: z.string().min(1).default('teamfit-api'),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/.+/.test(value), 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Teamfit <no-reply@teamfit.local>'),
  ADMIN_EMAIL: z.email().default('admin@teamfit.local'),
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  PUBLIC_BASE_URL: httpUrl.default('http://localhost:8080'),
  MEDIA_SERVICE_URL: httpUrl.default('http://127.0.0.1:9102'),
  ADMIN_APP_ORIGIN: httpUrl.default('http://localhost:3000'),
  HUB_APP_ORIGIN: httpUrl.default('http://localhost:3001'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  REQUEST_LOG: z.enum(['on', 'off']).default('on'),
  RETENTION_CANDIDATE_MONTHS: z.coerce.number().int().min(1).max(1200).default(24),
  REQUEST_LOG_BODY_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  // At most 30 s: the answer must reach the client well within the gateway's 60 s read timeout.
  PERSONA_ERASURE_WAIT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  // Webhook targets on loopback and private addresses, and plain http: local work and tests only (docs/running.md).
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['on', 'off']).default('off'),
  // The waits before each retry of a failed delivery, in milliseconds (docs/integrations.md, "Retries and ordering").
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, 'must be 1 to 20 comma-separated whole numbers of milliseconds')
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

/**
 * Secrets a deployment may hand over as files (compose and Kubernetes secrets): `<NAME>_FILE`
 * names a file whose content is the value, trailing newline dropped. Setting both is an error.
 */
export const FILE_SETTINGS = [
  'DATABASE_URL',
  'DATABASE_READ_URL',
  'DATABASE_MIGRATION_URL',
  'JWT_PUBLIC_KEY',
  'JWT_PRIVATE_KEY',
  'JWT_PREVIOUS_PUBLIC_KEYS',
] as const;

/** Every environment variable a service reads; the tracing ones are read first, by the entry point (@teamfit/tracing). */
export const SERVICE_ENVIRONMENT_VARIABLES: readonly string[] = [
  ...environmentSchema.keyof().options,
  ...FILE_SETTINGS.map((name) => `${name}_FILE`),
  ...TRACING_ENVIRONMENT_VARIABLES,
];

/** The environment with each `<NAME>_FILE` read into `<NAME>`. */
function withFileSettings(env: Environment): Environment {
  const resolved: Environment = { ...env };
  for (const name of FILE_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    if (env[name] !== undefined) throw new ConfigError(`${name} and ${name}_FILE are both set; set one`);
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(`${name}_FILE names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return resolved;
}

export type Environment = Record<string, string | undefined>;

/** The one typed configuration object a service reads; built once at boot. */
export interface ServiceConfig {
  readonly service: ServiceName;
  readonly nodeEnv: 'development' | 'test' | 'production';
  readonly host: string;
  readonly port: number;
  readonly bodyLimitBytes: number;
  readonly databaseUrl: string;
  /** A streaming replica of DATABASE_URL for reads that tolerate a little lag; unset, every read goes to the primary. */
  readonly databaseReadUrl: string | undefined;
  /**
   * Where the migrations run at start: a role that may change the schemas, when DATABASE_URL's
   * role may only read and write rows (docs/adr/0066-local-secrets-per-data-folder.md); unset, DATABASE_URL.
   */
  readonly migrationDatabaseUrl: string;
  readonly jwt: {
    readonly publicKeyPem: string;
    readonly privateKeyPem: string | undefined;
    /** Keys retired from signing that still verify, until the tokens they signed have expired (a rotation). */
    readonly previousPublicKeyPems: readonly string[];
    readonly issuer: string;
    readonly audience: string;
  };
  readonly mail: { readonly smtpUrl: string; readonly from: string };
  readonly adminEmail: string;
  readonly mediaDir: string;
  readonly publicBaseUrl: string;
  /** Where the organisation service reaches the media service (service to service, not through the gateway). */
  readonly mediaServiceUrl: string;
  readonly adminAppOrigin: string;
  readonly hubAppOrigin: string;
  readonly logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  /** JSON lines (one object per line) for machines, `pretty` for people. */
  readonly logFormat: 'json' | 'pretty';
  /** Whether API calls are recorded (docs/adr/0030-api-call-log-recording.md); off only for measurements. */
  readonly requestLog: boolean;
  readonly retention: {
    /** Completed evaluations of personas that are not ACTIVE are erased this many months after completion. */
    readonly candidateMonths: number;
    /** Stored API-call bodies are reduced to their shape (keys and types) after this many days. */
    readonly requestLogBodyDays: number;
  };
  /**
   * How long a persona erase request (profile service) waits for the other services' parts before
   * answering what is done so far (202).
   */
  readonly personaErasureWaitMs: number;
  /** Webhook delivery (organisation service, docs/adr/0087-webhook-targets-and-signing.md). */
  readonly webhooks: {
    /** WEBHOOK_ALLOW_PRIVATE_TARGETS=on: `http` and loopback or private addresses are allowed too. */
    readonly allowPrivateTargets: boolean;
    /** The waits before the second, third, … attempt of a delivery; after the last, it has failed. */
    readonly retryDelaysMs: readonly number[];
  };
}

/**
 * The default retry schedule: after the first attempt, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and
 * 10 h, so eight attempts over 27 h 35 min 5 s.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

/** Services that sign tokens; every other service only verifies them. */
const SIGNING_SERVICES: ReadonlySet<ServiceName> = new Set(['auth', 'profile']);

export function loadServiceConfig(service: ServiceName, env: Environment): ServiceConfig {
  const cleaned = withFileSettings(blankToUndefined(env));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? 'environment';
    const reason = cleaned[field] === undefined ? 'is required' : (issue?.message ?? 'is invalid');
    throw new ConfigError(`${field} ${reason}`);
  }
  const values = parsed.data;
  try {
    tracingSettingsOf(service, env);
  } catch (error) {
    if (error instanceof TracingSettingsError) throw new ConfigError(error.message);
    throw error;
  }
  if (SIGNING_SERVICES.has(service) && values.JWT_PRIVATE_KEY === undefined) {
    throw new ConfigError(`JWT_PRIVATE_KEY is required by the ${service} service`);
  }
  const defaults = SERVICES[service];
  return {
    service,
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT ?? defaults.port,
    bodyLimitBytes: defaults.bodyLimitMb * 1024 * 1024,
    databaseUrl: values.DATABASE_URL,
    databaseReadUrl: values.DATABASE_READ_URL,
    migrationDatabaseUrl: values.DATABASE_MIGRATION_URL ?? values.DATABASE_URL,
    jwt: {
      publicKeyPem: values.JWT_PUBLIC_KEY,
      privateKeyPem: SIGNING_SERVICES.has(service) ? values.JWT_PRIVATE_KEY : undefined,
      previousPublicKeyPems: values.JWT_PREVIOUS_PUBLIC_KEYS ?? [],
      issuer: values.JWT_ISSUER,
      audience: values.JWT_AUDIENCE,
    },
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    adminEmail: values.ADMIN_EMAIL,
    mediaDir: values.MEDIA_DIR,
    publicBaseUrl: values.PUBLIC_BASE_URL,
    mediaServiceUrl: values.MEDIA_SERVICE_URL,
    adminAppOrigin: values.ADMIN_APP_ORIGIN,
    hubAppOrigin: values.HUB_APP_ORIGIN,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    requestLog: values.REQUEST_LOG === 'on',
    retention: { candidateMonths: values.RETENTION_CANDIDATE_MONTHS, requestLogBodyDays: values.REQUEST_LOG_BODY_DAYS },
    personaErasureWaitMs: values.PERSONA_ERASURE_WAIT_MS,
    webhooks: {
      allowPrivateTargets: values.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'on',
      retryDelaysMs: values.WEBHOOK_RETRY_DELAYS_MS ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    },
  };
}

function blankToUndefined(env: Environment): Environment {
  const result: Environment = {};
  for (const [key, value] of Object.entries(env)) {
    result[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  return result;
}
