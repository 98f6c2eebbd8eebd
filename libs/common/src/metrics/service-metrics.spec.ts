import { ServiceMetrics } from './service-metrics';

/** The value of a series without labels beside `service`. */
const valueOf = (text: string, name: string): number | undefined => {
  const match = new RegExp(`^${name}\\{service="unit"\\} (\\S+)$`, 'm').exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
};

describe('ServiceMetrics', () => {
  it("reads the API-call log's queue at each scrape and counts its drops once each", async () => {
    const metrics = new ServiceMetrics('unit');
    const queue = { bufferedCount: 3, droppedCount: 5 };
    metrics.watchRequestLog(queue);
    let text = await metrics.exposition();
    expect(valueOf(text, 'api_call_log_queue_entries')).toBe(3);
    expect(valueOf(text, 'api_call_log_dropped_entries_total')).toBe(5);
    queue.bufferedCount = 0;
    queue.droppedCount = 7;
    text = await metrics.exposition();
    expect(valueOf(text, 'api_call_log_queue_entries')).toBe(0);
    expect(valueOf(text, 'api_call_log_dropped_entries_total')).toBe(7);
    // A scrape with nothing new adds nothing.
    expect(valueOf(await metrics.exposition(), 'api_call_log_dropped_entries_total')).toBe(7);
  });

  it('counts each call under its route template and status', async () => {
    const metrics = new ServiceMetrics('unit');
    metrics.observeRequest('GET', '/organisation/:id', 404, 0.002);
    metrics.observeRequest('GET', '/organisation/:id', 404, 0.3);
    const text = await metrics.exposition();
    expect(text).toContain('http_request_duration_seconds_count{service="unit",method="GET",route="/organisation/:id",status="404"} 2');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",service="unit",method="GET",route="/organisation/:id",status="404"} 1',
    );
  });
});
