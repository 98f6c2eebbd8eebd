// A small JSON client of the platform's gateway for the demo: it paces itself under the gateway's
// per-address rate limits instead of being refused by them.
import { setTimeout as sleep } from 'node:timers/promises';

/** The gateway allows each prefix 10 requests a second per address: one every 105 ms stays under it. */
const SPACING_MS = 105;

export interface GatewayAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** A JSON body, or a multipart form (organisation create and update take multipart). */
  body?: unknown;
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** Statuses that count as success; anything else throws with the platform's message. */
  expect?: number[];
  /** A token for this request only (sign-in's verify step uses the login token). */
  token?: string;
}

/** The gateway's rate-limit zone of a path: /admin and /hub service requests count as organisation. */
const zoneOf = (path: string): string => {
  const prefix = path.split('/')[1] ?? '';
  return prefix === 'admin' || prefix === 'hub' ? 'organisation' : prefix;
};

export class GatewayClient {
  private readonly nextSlot = new Map<string, number>();
  token: string | undefined;

  constructor(readonly baseUrl: string) {}

  get<T>(path: string, options: RequestOptions = {}): Promise<GatewayAnswer<T>> {
    return this.request('GET', path, options);
  }

  post<T>(path: string, options: RequestOptions = {}): Promise<GatewayAnswer<T>> {
    return this.request('POST', path, options);
  }

  put<T>(path: string, options: RequestOptions = {}): Promise<GatewayAnswer<T>> {
    return this.request('PUT', path, options);
  }

  /** Every page of a list that reports its size in X-Total-Count (the algorithm collections). */
  async all<T>(path: string, query: RequestOptions['query'] = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await this.get<T[]>(path, { query: { ...query, page, limit: 100 } });
      items.push(...answer.body);
      if (answer.body.length < 100 || items.length >= Number(answer.headers.get('x-total-count') ?? 0)) return items;
    }
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<GatewayAnswer<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = options.token ?? this.token;
    if (token) headers['authorization'] = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    for (let attempt = 1; ; attempt += 1) {
      await this.pace(zoneOf(path));
      const response = await fetch(url, { method, headers, body });
      const text = await response.text();
      const parsed: unknown = text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
      // Someone else on this address (a browser tab, another script) spent the budget: wait it out,
      // except for sign-in, whose limit is per minute.
      if (response.status === 429 && zoneOf(path) !== 'auth' && attempt < 5) {
        await sleep(1000 * Math.max(1, Number(response.headers.get('retry-after') ?? 1)));
        continue;
      }
      const expected = options.expect ?? [200, 201];
      if (!expected.includes(response.status)) {
        const message = typeof parsed === 'object' && parsed !== null && 'message' in parsed ? String(parsed.message) : text.slice(0, 200);
        throw new Error(`${method} ${url.pathname}: ${response.status} ${message}`);
      }
      return { status: response.status, body: parsed as T, headers: response.headers };
    }
  }

  private async pace(zone: string): Promise<void> {
    const wait = (this.nextSlot.get(zone) ?? 0) - Date.now();
    if (wait > 0) await sleep(wait);
    this.nextSlot.set(zone, Date.now() + SPACING_MS);
  }
}
