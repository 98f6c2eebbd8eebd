import { type TracingSettings, TracingSettingsError, tracingSettingsOf } from './tracing-settings';

/** The ids of the span code runs in: 32 and 16 lowercase hex digits. */
export interface TraceIds {
  traceId: string;
  spanId: string;
}

/** What the running SDK offers; loaded with it. */
interface RunningTracing {
  activeTraceIds(): TraceIds | undefined;
  shutdown(): Promise<void>;
}

let running: RunningTracing | undefined;

/**
 * The first thing a service's entry point does (apps/<service>/src/tracing.ts): with
 * OTEL_EXPORTER_OTLP_ENDPOINT set, starts the OpenTelemetry SDK, which must hook http, pg and
 * Fastify before anything loads them. Without it, returns at once and the SDK is never loaded:
 * tracing off costs no module, no hook and no memory (bench/tracing-off.bench.ts). A setting that
 * is set but wrong ends the process as any invalid configuration does.
 */
export function startTracing(service: string, env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  let settings: TracingSettings | undefined;
  try {
    settings = tracingSettingsOf(service, env);
  } catch (error) {
    if (!(error instanceof TracingSettingsError)) throw error;
    process.stderr.write(`[${service}] invalid configuration: ${error.message}\n`);
    process.exit(1);
  }
  if (settings === undefined || running !== undefined) return running !== undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when traces are on, and synchronously: the modules it hooks load right after
  const sdk = require('./tracing-sdk') as typeof import('./tracing-sdk');
  running = sdk.startTracingSdk(settings);
  return true;
}

/**
 * The trace and span the caller runs in, for its log lines; undefined when tracing is off (without
 * loading anything, not even OpenTelemetry's API) or no span is active.
 */
export function activeTraceIds(): TraceIds | undefined {
  return running?.activeTraceIds();
}

/** Exports the spans still queued and stops the SDK (at shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const stopping = running;
  running = undefined;
  await stopping?.shutdown();
}
