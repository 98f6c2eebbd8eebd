import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The route label of a call no route took (404s, refused paths): one series, not one per path tried. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds; the answers' p99 target is tens of milliseconds, a stalled request seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the API-call log's writer tells about its queue. */
export interface QueueGauges {
  readonly bufferedCount: number;
  readonly droppedCount: number;
}

/**
 * One service's Prometheus metrics, in a registry of its own (tests run several services in one
 * process): Node's and the process's defaults (heap, event-loop lag, GC, CPU, file descriptors),
 * a duration histogram of every answered call by method, route template and status (its
 * `_count` is the request count), the database pools and the API-call log's queue. Gauges are
 * read when Prometheus scrapes, so they cost nothing between scrapes. Every series carries the
 * service's name (docs/operations.md lists the metrics and their alerts).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly pools: Array<{ name: string; pool: Pool }> = [];
  private queue: QueueGauges | undefined;
  private readonly dropped: Counter;
  private droppedCounted = 0;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    const pools = this.pools;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of a database pool by state: total open, idle, and requests waiting for one',
      labelNames: ['pool', 'state'],
      registers: [this.registry],
      collect() {
        for (const { name, pool } of pools) {
          this.set({ pool: name, state: 'total' }, pool.totalCount);
          this.set({ pool: name, state: 'idle' }, pool.idleCount);
          this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
    const queueOf = () => this.queue;
    new Gauge({
      name: 'api_call_log_queue_entries',
      help: 'API-call log entries waiting to be written',
      registers: [this.registry],
      collect() {
        this.set(queueOf()?.bufferedCount ?? 0);
      },
    });
    this.dropped = new Counter({
      name: 'api_call_log_dropped_entries_total',
      help: 'API-call log entries dropped because the queue was full (the database slow or away)',
      registers: [this.registry],
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.durations.observe({ method, route, status }, seconds);
  }

  /** A database pool, read at scrape time (`pool` names it: primary, replica, API-call log). */
  watchPool(name: string, pool: Pool): void {
    this.pools.push({ name, pool });
  }

  /** The API-call log's writer. */
  watchRequestLog(queue: QueueGauges): void {
    this.queue = queue;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text Prometheus scrapes. */
  async exposition(): Promise<string> {
    // The writer counts drops itself; the counter takes what was added since the last scrape.
    const total = this.queue?.droppedCount ?? 0;
    this.dropped.inc(total - this.droppedCounted);
    this.droppedCounted = total;
    return this.registry.metrics();
  }
}
