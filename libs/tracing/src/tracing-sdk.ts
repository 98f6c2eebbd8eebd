// OpenTelemetry's SDK, set up for one service. Required by startTracing only when traces are on:
// nothing here is loaded otherwise (docs/adr/0074-traces-with-opentelemetry.md).
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { TracingSettings } from './tracing-settings';

/**
 * Probes, metrics and descriptions are not traced: an orchestrator's probes every few seconds
 * would bury the requests (the same paths the service log keeps out of its request lines).
 */
const UNTRACED_PATH = /^\/(health|_ping|docs|metrics)(\/|$|-json|\?)/i;

function samplerOf({ sampler, ratio }: TracingSettings): Sampler {
  switch (sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/**
 * Registers the tracer provider, W3C trace context (`traceparent`) and the instrumentations:
 * http (incoming requests, continuing the caller's trace), undici (the services' fetch calls to
 * each other, which carry `traceparent` on), Fastify (names the request span by its route
 * template) and pg (one span per statement, only inside a traced request: the API-call log's
 * background writes and the jobs would each start a trace of their own). Statement parameters
 * are never recorded: they hold personal data.
 */
export function startTracingSdk(settings: TracingSettings): { shutdown(): Promise<void> } {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler: samplerOf(settings),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${settings.endpoint}/v1/traces` }) })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const disable = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATH.test(request.url ?? '') }),
      new UndiciInstrumentation(),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span for the request, none for each of the platform's hooks and handlers.
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: (route) => UNTRACED_PATH.test(route.url ?? ''),
      }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });
  return {
    async shutdown() {
      disable();
      await provider.shutdown();
    },
  };
}
