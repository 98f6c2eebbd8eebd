// Loads nothing of OpenTelemetry's SDK: that happens in startTracing, and only when traces are on.
export { activeTraceIds, startTracing, stopTracing, type TraceIds } from './start-tracing';
export {
  TRACES_SAMPLERS,
  TRACING_ENVIRONMENT_VARIABLES,
  TracingSettingsError,
  tracingSettingsOf,
  type TracesSampler,
  type TracingSettings,
} from './tracing-settings';
