// The monitoring files in deploy/ must speak of what the platform really exposes: the scrape
// configuration names every service on its port, and every metric a dashboard panel or an alert
// reads is one the services (libs/common/src/metrics) or the gateway's exporter serve.
import { SERVICE_NAMES, SERVICES, ServiceMetrics } from '@teamfit/common';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** What nginx-prometheus-exporter serves from the gateway's status page, and Prometheus's own `up`. */
const OUTSIDE_METRICS = ['up', 'nginx_connections_active', 'nginx_connections_waiting', 'nginx_http_requests_total'];
const PROMQL_WORDS = new Set(['sum', 'max', 'rate', 'increase', 'histogram_quantile', 'topk', 'and', 'or', 'by']);

/** The metric names a PromQL expression reads. */
function metricsOf(expression: string): string[] {
  const bare = expression
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without) \([^)]*\)/g, ' ');
  return (bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? []).filter((word) => !PROMQL_WORDS.has(word) && !/^\d/.test(word));
}

async function exposedNames(): Promise<Set<string>> {
  const metrics = new ServiceMetrics('check');
  const names = new Set(OUTSIDE_METRICS);
  for (const line of (await metrics.exposition()).split('\n')) {
    const match = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (!match?.[1]) continue;
    names.add(match[1]);
    if (match[2] === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${match[1]}${suffix}`);
  }
  return names;
}

describe('deploy/prometheus and deploy/grafana', () => {
  it('scrapes every service on its own port', () => {
    const config = parse(read('deploy/prometheus/prometheus.yml')) as {
      scrape_configs: Array<{ job_name: string; dns_sd_configs?: Array<{ names: string[]; port: number }> }>;
    };
    const services = config.scrape_configs.find((job) => job.job_name === 'teamfit-services')?.dns_sd_configs ?? [];
    expect(Object.fromEntries(services.map((entry) => [entry.names[0], entry.port]))).toEqual(
      Object.fromEntries(SERVICE_NAMES.map((name) => [name, SERVICES[name].port])),
    );
  });

  it('every panel and alert reads metrics that exist', async () => {
    const exposed = await exposedNames();
    const dashboard = JSON.parse(read('deploy/grafana/teamfit-dashboard.json')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const alerts = parse(read('deploy/prometheus/alerts.yml')) as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> };
    const expressions = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
      ...alerts.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
    ];
    expect(expressions.length).toBeGreaterThan(10);
    for (const expression of expressions)
      for (const name of metricsOf(expression)) expect({ name, exposed: exposed.has(name) }).toEqual({ name, exposed: true });
  });
});
