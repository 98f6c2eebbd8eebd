// What recording one call's metrics costs: the histogram observation the request hooks make per
// call, over a mix of route templates and statuses like a service's (docs/performance.md, "Metrics").
import { ServiceMetrics } from '@teamfit/common';

const ROUTES = ['/organisation/:id', '/evaluation/:id/answer', '/account', '(unmatched)'];
const CALLS = 1_000_000;

const metrics = new ServiceMetrics('bench');
const rounds: number[] = [];
for (let round = 0; round < 5; round += 1) {
  const started = process.hrtime.bigint();
  for (let call = 0; call < CALLS; call += 1) metrics.observeRequest('GET', ROUTES[call & 3] ?? '', call & 1 ? 200 : 404, 0.003);
  rounds.push(Number(process.hrtime.bigint() - started) / CALLS);
}
const sorted = [...rounds].sort((a, b) => a - b);
process.stdout.write(
  `ns per observed call, ${CALLS} calls a round: median ${sorted[2]?.toFixed(0)}, rounds ${rounds.map((ns) => ns.toFixed(0)).join(' ')}\n`,
);
