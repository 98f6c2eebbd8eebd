import { Logger } from '@nestjs/common';
import { Client, type Notification } from 'pg';

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * One PostgreSQL LISTEN on a connection of its own (a pooled connection cannot keep a LISTEN).
 * It only wakes work up sooner: whoever relies on it also sweeps on a timer, so a notification
 * lost while the connection was down (a restart, a failover) delays work, never loses it. The
 * connection is opened again after a loss, waiting 1 s, 2 s, … up to 30 s between tries.
 */
export class NotificationListener {
  private readonly logger: Logger;
  private client: Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = true;

  constructor(
    private readonly databaseUrl: string,
    private readonly applicationName: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
  ) {
    this.logger = new Logger(`Listen:${channel}`);
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.databaseUrl,
      application_name: this.applicationName,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('notification', (message: Notification) => {
      if (message.channel === this.channel && message.payload) this.onPayload(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
  }

  private lost(client: Client, error?: Error): void {
    if (this.client !== undefined && this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.stopped || this.retryTimer) return;
    if (error) this.logger.warn(`notifications paused, connecting again in ${this.retryMs} ms: ${error.message}`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
  }
}
