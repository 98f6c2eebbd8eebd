// OpenTelemetry's SDK, set up for one service. Required by startTracing only when traces are on:
// nothing here is loaded otherwise (docs/adr/0074-traces-with-opentelemetry.md).
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, isSpanContextValid, propagation, trace } from '@opentelemetry/api';
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
import type { TraceIds } from './start-tracing';
import type { TracingSettings } from './tracing-settings';

/**
 * Probes, metrics and descriptions are not traced: an orchestrator's probes every few seconds
 * would bury the requests (the same paths the service log keeps out of its request lines).
 */
const UNTRACED_PATH = /^\/(health|_ping|docs|metrics)(\/|$|-json|\?)/i;

/**
 * What the instrumentations would record of the caller beyond method, path and route: the query
 * string (search words, e-mail addresses) and the User-Agent. Left out, as the gateway's access
 * log and the service's request lines leave them out (docs/adr/0071-correlated-gateway-logs.md);
 * an undefined attribute is dropped.
 */
const WITHOUT_CALLER_DATA = { 'url.query': undefined, 'user_agent.original': undefined };

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
export function startTracingSdk(settings: TracingSettings): { activeTraceIds(): TraceIds | undefined; shutdown(): Promise<void> } {
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
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATH.test(request.url ?? ''),
        startIncomingSpanHook: () => WITHOUT_CALLER_DATA,
      }),
      new UndiciInstrumentation(),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span for the request, none for each of the platform's hooks and handlers.
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: (route) => UNTRACED_PATH.test(route.url ?? ''),
        // Its `url.path` is the URL as requested, query string included: the path alone.
        requestHook: (span, request) => span.setAttribute('url.path', request.url.split('?', 1)[0] ?? ''),
      }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });
  return {
    activeTraceIds() {
      const span = trace.getActiveSpan();
      if (span === undefined) return undefined;
      const { traceId, spanId } = span.spanContext();
      // A caller's all-zero traceparent gives an invalid context: no ids rather than zeros.
      return isSpanContextValid(span.spanContext()) ? { traceId, spanId } : undefined;
    },
    async shutdown() {
      disable();
      await provider.shutdown();
    },
  };
}
