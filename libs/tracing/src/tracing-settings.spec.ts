import { TRACES_SAMPLERS, TracingSettingsError, tracingSettingsOf } from './tracing-settings';

const errorOf = (env: Record<string, string>): string => {
  try {
    tracingSettingsOf('media', env);
  } catch (error) {
    if (error instanceof TracingSettingsError) return error.message;
    throw error;
  }
  throw new Error('expected a TracingSettingsError');
};

describe('tracingSettingsOf', () => {
  it('is off (undefined) without OTEL_EXPORTER_OTLP_ENDPOINT, or with it blank', () => {
    expect(tracingSettingsOf('media', {})).toBeUndefined();
    expect(tracingSettingsOf('media', { OTEL_EXPORTER_OTLP_ENDPOINT: '  ', OTEL_SERVICE_NAME: 'x' })).toBeUndefined();
  });

  it("is on with the endpoint: the service's name, parent-based sampling of every trace by default", () => {
    expect(tracingSettingsOf('media', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'media',
      sampler: 'parentbased_always_on',
      ratio: 1,
    });
    expect(
      tracingSettingsOf('media', {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example',
        OTEL_SERVICE_NAME: 'teamfit-media',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }),
    ).toEqual({ endpoint: 'https://collector.example', serviceName: 'teamfit-media', sampler: 'parentbased_traceidratio', ratio: 0.25 });
  });

  it('takes every sampler OpenTelemetry names for the SDK', () => {
    for (const sampler of TRACES_SAMPLERS)
      expect(tracingSettingsOf('auth', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER: sampler })?.sampler).toBe(
        sampler,
      );
  });

  it('names a bad setting and why, whether tracing is on or not', () => {
    expect(errorOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toMatch(/^OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/);
    expect(errorOf({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toMatch(/^OTEL_TRACES_SAMPLER must be one of parentbased_always_on, /);
    for (const ratio of ['1.5', '-0.1', 'half', '.5'])
      expect(errorOf({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: ratio })).toMatch(
        /^OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1/,
      );
    expect(errorOf({ OTEL_TRACES_SAMPLER_ARG: '0.5' })).toBe(
      'OTEL_TRACES_SAMPLER_ARG applies to the traceidratio samplers only, not parentbased_always_on',
    );
  });
});
