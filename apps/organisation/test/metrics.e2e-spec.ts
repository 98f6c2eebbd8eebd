import { RequestLogWriter } from '@teamfit/common';
import { serviceUnderTest } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

/** The value of one series of the exposition, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe('metrics: what Prometheus scrapes on a service', () => {
  const organisation = serviceUnderTest('organisation', organisationAppModule);

  const scrape = async (): Promise<string> => {
    const response = await request(organisation.url).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.text;
  };

  it('counts every answered call by method, route template and status, with its duration', async () => {
    const before = await scrape();
    const id = randomUUID();
    await request(organisation.url).get(`/organisation/${id}`).set('authorization', organisation.admin).expect(404);
    await request(organisation.url).get(`/organisation/${randomUUID()}`).set('authorization', organisation.admin).expect(404);
    await request(organisation.url).get(`/organisation/${id}`).expect(401);
    await request(organisation.url).get(`/no-such-route/${id}`).expect(404);
    const after = await scrape();
    const count = (text: string, labels: Record<string, string>) =>
      sample(text, 'http_request_duration_seconds_count', { service: 'organisation', ...labels }) ?? 0;
    const delta = (labels: Record<string, string>) => count(after, labels) - count(before, labels);
    // One series per route template, not per id; a path no route took is one series too.
    expect(delta({ method: 'GET', route: '/organisation/:id', status: '404' })).toBe(2);
    expect(delta({ method: 'GET', route: '/organisation/:id', status: '401' })).toBe(1);
    expect(delta({ method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    expect(after).not.toContain(id);
    const slow = sample(after, 'http_request_duration_seconds_bucket', { route: '/organisation/:id', status: '404', le: '+Inf' });
    expect(slow).toBe(count(after, { method: 'GET', route: '/organisation/:id', status: '404' }));
  });

  it("shows the database pools, the API-call log's queue, the event loop and the heap", async () => {
    await request(organisation.url).get('/health/ready').expect(200);
    const text = await scrape();
    expect(sample(text, 'db_pool_connections', { pool: 'primary', state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { pool: 'primary', state: 'waiting' })).toBe(0);
    expect(sample(text, 'db_pool_connections', { pool: 'api-call-log', state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^api_call_log_queue_entries\{service="organisation"\} \d+$/m);
    expect(text).toMatch(/^api_call_log_dropped_entries_total\{service="organisation"\} 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="organisation"\} [\d.e-]+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes\{service="organisation"\} \d+$/m);
  });

  it('is public on the service port but never an API call of the log', async () => {
    await scrape();
    await scrape();
    const writer = organisation.service.app.get(RequestLogWriter);
    await writer.flush();
    const client = new Client({ connectionString: organisation.database.url });
    await client.connect();
    try {
      const rows = await client.query(`select count(*)::int as n from telemetry.api_calls where url like '/metrics%'`);
      expect(rows.rows[0]).toEqual({ n: 0 });
      const logged = await client.query(`select count(*)::int as n from telemetry.api_calls`);
      expect((logged.rows[0] as { n: number }).n).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});
