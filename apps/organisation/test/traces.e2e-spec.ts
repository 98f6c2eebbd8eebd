// Traces end to end, with real parts: the built services as `npm start` runs them (child
// processes), on a test database, exporting to a real OTLP/HTTP receiver this test runs. A request
// that arrives with a W3C traceparent (as the gateway forwards it) must come out as one trace: the
// organisation service's server span (named by route template, parented by the caller's span), its
// statements beneath it, its call to the media service, and the media service's server span.
// Without OTEL_EXPORTER_OTLP_ENDPOINT the SDK is not even loaded and nothing is exported.
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { TestTokens } from '@teamfit/platform/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServiceProcess, startServiceProcess } from '../../../tools/testing/service-process.fixture';
import { OtlpReceiver, type ReceivedSpan } from './fakes/otlp-receiver';

const PROBE = path.join(__dirname, 'fakes', 'loaded-modules.probe.cjs');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PRIVATE_QUERY = 'jane.doe-at-example';
const SERVER = 2;
const CLIENT = 3;

/** The files under node_modules/@opentelemetry or @fastify/otel the process has loaded, by package. */
async function loadedTelemetryPackages(service: ServiceProcess): Promise<string[]> {
  const answer = new Promise<string[]>((resolve) =>
    service.child.once('message', (message: { loadedModules: string[] }) => resolve(message.loadedModules)),
  );
  service.child.send('loaded-modules');
  const packages = (await answer).flatMap((file) => /node_modules\/(@opentelemetry\/[^/]+|@fastify\/otel)\//.exec(file)?.[1] ?? []);
  return [...new Set(packages)].sort();
}

interface RequestLine {
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  traceId?: string;
  spanId?: string;
}
const requestLines = (service: ServiceProcess): RequestLine[] =>
  service
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((line) => line.status !== undefined);

/** A logo upload through the organisation service, which stores the file with the media service. */
async function createOrganisation(url: string, admin: string, headers: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.append('name', `Traced ${randomBytes(4).toString('hex')}`);
  form.append('urlName', `traced-${randomBytes(4).toString('hex')}`);
  form.append('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png');
  // A query string the route does not read: a caller's data that must not reach the spans.
  return fetch(`${url}/organisation?ref=${PRIVATE_QUERY}`, { method: 'POST', headers: { authorization: admin, ...headers }, body: form });
}

describe('traces (OpenTelemetry), built services in processes of their own', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let mediaDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'teamfit-traces-media-'));
  });

  afterAll(async () => {
    await database?.drop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  /** Media, then organisation calling it, both with `env`, log lines at info, the module probe preloaded. */
  async function startBoth(env: Record<string, string>): Promise<{ media: ServiceProcess; organisation: ServiceProcess }> {
    const common = { ...env, LOG_LEVEL: 'log', NODE_OPTIONS: `--require ${PROBE}` };
    const media = await startServiceProcess('media', database.url, tokens.keys, { ...common, MEDIA_DIR: mediaDir }, { stdout: true });
    const organisation = await startServiceProcess(
      'organisation',
      database.url,
      tokens.keys,
      { ...common, MEDIA_SERVICE_URL: media.url },
      { stdout: true },
    ).catch(async (error: unknown) => {
      await media.stop();
      throw error;
    });
    return { media, organisation };
  }

  describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
    const receiver = new OtlpReceiver();
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const requestId = `traced-${randomBytes(6).toString('hex')}`;
    let services: { media: ServiceProcess; organisation: ServiceProcess };
    let status: number;
    let loaded: string[];
    let lines: { media: RequestLine[]; organisation: RequestLine[] };
    let spans: ReceivedSpan[];

    beforeAll(async () => {
      await receiver.start();
      services = await startBoth({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
      try {
        const response = await createOrganisation(services.organisation.url, admin, {
          traceparent: `00-${traceId}-${callerSpanId}-01`,
          'x-request-id': requestId,
        });
        status = response.status;
        await response.arrayBuffer();
        loaded = await loadedTelemetryPackages(services.organisation);
      } finally {
        // Stopping (SIGTERM) exports what is still queued: after it, every span of the request has arrived.
        await services.organisation.stop();
        await services.media.stop();
      }
      lines = { media: requestLines(services.media), organisation: requestLines(services.organisation) };
      spans = receiver.spans.filter((span) => span.traceId === traceId);
    });

    afterAll(() => receiver.stop());

    const byId = (spanId: string | undefined) => spans.find((span) => span.spanId === spanId);
    const ancestorsOf = (span: ReceivedSpan): ReceivedSpan[] => {
      const parent = byId(span.parentSpanId);
      return parent ? [parent, ...ancestorsOf(parent)] : [];
    };
    const organisationServer = () => spans.find((span) => span.service === 'organisation' && span.kind === SERVER);

    it('answers the request and loads the SDK', () => {
      expect(status).toBe(200);
      expect(receiver.refused).toEqual([]);
      expect(loaded).toEqual(expect.arrayContaining(['@opentelemetry/sdk-trace', '@opentelemetry/instrumentation-pg', '@fastify/otel']));
    });

    it("exports the organisation service's server span, named by route template, as the child of the caller's span", () => {
      expect(organisationServer()).toMatchObject({
        name: 'POST /organisation',
        parentSpanId: callerSpanId,
        attributes: expect.objectContaining({ 'http.route': '/organisation' }) as unknown,
      });
    });

    it('exports each database statement of the request as a span beneath it', () => {
      const server = organisationServer();
      const statements = spans.filter((span) => span.service === 'organisation' && span.attributes['db.system.name'] === 'postgresql');
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.some((span) => /INSERT/i.test(String(span.attributes['db.query.text'])))).toBe(true);
      for (const statement of statements) expect(ancestorsOf(statement)).toContainEqual(server);
    });

    it("continues the trace into the media service: the organisation service's client span, the media service's server span under it", () => {
      // Statements are client spans too: the call is the one with a URL, the media service's.
      const client = spans.find(
        (span) => span.service === 'organisation' && span.kind === CLIENT && span.attributes['url.full'] !== undefined,
      );
      expect(String(client?.attributes['url.full'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media$/);
      expect(client).toBeDefined();
      expect(ancestorsOf(client as ReceivedSpan)).toContainEqual(organisationServer());
      const mediaServer = spans.find((span) => span.service === 'media' && span.kind === SERVER);
      expect(mediaServer).toMatchObject({ name: 'POST /media', parentSpanId: client?.spanId });
    });

    it("records neither the caller's query string nor its User-Agent", () => {
      // The spans of the incoming request (the call to the media service is the service's own).
      const organisationSpans = JSON.stringify(spans.filter((span) => span.service === 'organisation' && span.kind !== CLIENT));
      expect(organisationSpans).toContain('"url.path":"/organisation"');
      expect(organisationSpans).not.toContain(PRIVATE_QUERY);
      expect(organisationSpans).not.toContain('user_agent.original');
    });

    it("writes the trace and the request's span into both services' request lines", () => {
      expect(lines.organisation).toContainEqual({
        time: expect.any(String) as unknown,
        level: 'info',
        service: 'organisation',
        requestId,
        method: 'POST',
        path: '/organisation',
        status: 200,
        durationMs: expect.any(Number) as unknown,
        traceId,
        spanId: organisationServer()?.spanId,
      });
      const mediaServer = spans.find((span) => span.service === 'media' && span.kind === SERVER);
      expect(lines.media).toContainEqual(expect.objectContaining({ method: 'POST', traceId, spanId: mediaServer?.spanId }));
    });
  });

  describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    const receiver = new OtlpReceiver();
    let services: { media: ServiceProcess; organisation: ServiceProcess };
    let loaded: { media: string[]; organisation: string[] };
    let status: number;

    beforeAll(async () => {
      await receiver.start();
      // Where an exporter would send its spans if one were loaded: the per-signal setting the exporter reads.
      services = await startBoth({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces` });
      try {
        const response = await createOrganisation(services.organisation.url, admin, {
          traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
        });
        status = response.status;
        await response.arrayBuffer();
        loaded = {
          media: await loadedTelemetryPackages(services.media),
          organisation: await loadedTelemetryPackages(services.organisation),
        };
      } finally {
        await services.organisation.stop();
        await services.media.stop();
      }
    });

    afterAll(() => receiver.stop());

    it('loads no part of the SDK: only the API, which prom-client (the metrics) loads for itself', () => {
      expect(status).toBe(200);
      expect(loaded).toEqual({ media: ['@opentelemetry/api'], organisation: ['@opentelemetry/api'] });
    });

    it('exports nothing, even once the services have stopped', () => {
      expect(receiver.spans).toEqual([]);
      expect(receiver.refused).toEqual([]);
    });

    it('writes the request lines as they always were, without trace fields', () => {
      const lines = [...requestLines(services.organisation), ...requestLines(services.media)];
      expect(lines.filter((line) => line.method === 'POST')).toHaveLength(2);
      for (const line of lines)
        expect(Object.keys(line)).toEqual(['time', 'level', 'service', 'requestId', 'method', 'path', 'status', 'durationMs']);
    });
  });
});
