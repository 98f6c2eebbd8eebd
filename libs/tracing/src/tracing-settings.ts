/**
 * The tracing settings of a service, read from the environment by the names OpenTelemetry gives
 * them. Pure: the entry point reads them before anything else is loaded, and the service's
 * configuration (loadServiceConfig) checks them with every other setting.
 */

/** The samplers OTEL_TRACES_SAMPLER may name; `parentbased_*` follow the caller's sampled flag. */
export const TRACES_SAMPLERS = [
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
  'always_on',
  'always_off',
  'traceidratio',
] as const;

export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

/** Every environment variable tracing reads (docs/operations.md, "Traces"). */
export const TRACING_ENVIRONMENT_VARIABLES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
] as const;

export interface TracingSettings {
  /** The OTLP/HTTP receiver (a collector), e.g. http://otel-collector:4318; spans go to `<endpoint>/v1/traces`. */
  readonly endpoint: string;
  /** `service.name` of every span: OTEL_SERVICE_NAME, else the service's own name. */
  readonly serviceName: string;
  readonly sampler: TracesSampler;
  /** The share of traces the ratio samplers keep (0-1); 1 for the others. */
  readonly ratio: number;
}

/** A tracing setting that is set but unusable; its message is one line naming the variable. */
export class TracingSettingsError extends Error {
  override readonly name = 'TracingSettingsError';
}

const valueOf = (env: Readonly<Record<string, string | undefined>>, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

const isSampler = (value: string): value is TracesSampler => (TRACES_SAMPLERS as readonly string[]).includes(value);

/**
 * The settings when OTEL_EXPORTER_OTLP_ENDPOINT is set, undefined when it is not (tracing off).
 * Every setting is checked either way, so a mistake shows before the day traces are turned on.
 */
export function tracingSettingsOf(service: string, env: Readonly<Record<string, string | undefined>>): TracingSettings | undefined {
  const endpoint = valueOf(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(endpoint))
    throw new TracingSettingsError('OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (the collector, e.g. http://otel-collector:4318)');
  const sampler = valueOf(env, 'OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on';
  if (!isSampler(sampler)) throw new TracingSettingsError(`OTEL_TRACES_SAMPLER must be one of ${TRACES_SAMPLERS.join(', ')}`);
  const argument = valueOf(env, 'OTEL_TRACES_SAMPLER_ARG');
  const ratio = argument === undefined ? 1 : Number(argument);
  if (argument !== undefined && (!/^\d+(\.\d+)?$/.test(argument) || ratio > 1))
    throw new TracingSettingsError('OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 (the share of traces kept)');
  if (argument !== undefined && !sampler.endsWith('traceidratio'))
    throw new TracingSettingsError(`OTEL_TRACES_SAMPLER_ARG applies to the traceidratio samplers only, not ${sampler}`);
  if (endpoint === undefined) return undefined;
  return { endpoint: endpoint.replace(/\/+$/, ''), serviceName: valueOf(env, 'OTEL_SERVICE_NAME') ?? service, sampler, ratio };
}
