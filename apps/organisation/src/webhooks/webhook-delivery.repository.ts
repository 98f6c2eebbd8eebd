import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { outboxMessages } from '@teamfit/outbox';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DeliveryStatus, webhookDeliveries, type WebhookDeliveryRow, webhookSubscriptions } from '../database/webhooks.tables';

/** A delivery a dispatcher has claimed, with what its attempt needs. */
export interface ClaimedDelivery {
  id: string;
  leaseId: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  failedInRow: number;
  messageId: string;
  type: string;
  data: Record<string, unknown>;
  messageCreatedAt: Date;
  subscriptionId: string | null;
  /** The subscription's URL of the moment, or the callback's. */
  url: string;
  /** The subscription's signing secrets (a rotated one while it still signs); none for a callback. */
  secrets: string[];
}

export interface DeliveryListRow {
  id: string;
  messageId: string;
  type: string;
  data: Record<string, unknown>;
  messageCreatedAt: Date;
  status: DeliveryStatus;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** The one gateway to `organisation.webhook_deliveries`. */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * One delivery per (message, matching enabled subscription), and one per callback message.
   * Idempotent (the unique indexes), so a fan-out cut off before it committed can simply run again.
   */
  async insertFor(tx: Executor, messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    const ids = sql`ARRAY[${sql.join(
      messageIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`;
    await tx.execute(sql`
      INSERT INTO ${webhookDeliveries} (message_id, subscription_id)
      SELECT m.id, s.id
        FROM ${outboxMessages} m
        JOIN ${webhookSubscriptions} s
          ON s.enabled
         AND (m.type = ANY (s.events) OR '*' = ANY (s.events))
         AND (s.organisation_id IS NULL OR s.organisation_id = m.organisation_id)
       WHERE m.id = ANY (${ids}) AND m.callback_url IS NULL
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO ${webhookDeliveries} (message_id, callback_url)
      SELECT m.id, m.callback_url FROM ${outboxMessages} m WHERE m.id = ANY (${ids}) AND m.callback_url IS NOT NULL
      ON CONFLICT DO NOTHING`);
  }

  /**
   * Claims up to `limit` due deliveries for one attempt each: rows locked with SKIP LOCKED (a
   * row another dispatcher is claiming is passed over, never waited for) and leased until
   * `leaseMs` from now, longer than any attempt can last, so no other dispatcher attempts it
   * meanwhile. At most `perTarget` per target (a subscription, or a callback URL), none for the
   * targets in `busy` (this dispatcher's targets already at their share) and none of a disabled
   * subscription.
   */
  async claimDue(limit: number, perTarget: number, busy: string[], leaseId: string, leaseMs: number): Promise<ClaimedDelivery[]> {
    const busyTargets =
      busy.length === 0
        ? sql`ARRAY[]::text[]`
        : sql`ARRAY[${sql.join(
            busy.map((target) => sql`${target}`),
            sql`, `,
          )}]::text[]`;
    const claimed = await this.db.execute<{ id: string }>(sql`
      WITH ranked AS (
        SELECT d.id, d.next_attempt_at,
               row_number() OVER (PARTITION BY coalesce(d.subscription_id::text, d.callback_url) ORDER BY d.next_attempt_at, d.id) AS rank
          FROM ${webhookDeliveries} d
          LEFT JOIN ${webhookSubscriptions} s ON s.id = d.subscription_id
         WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.leased_until IS NULL OR d.leased_until < now())
           AND (d.subscription_id IS NULL OR s.enabled)
           AND NOT (coalesce(d.subscription_id::text, d.callback_url) = ANY (${busyTargets}))
      ), candidates AS (
        SELECT id FROM ranked WHERE rank <= ${perTarget} ORDER BY next_attempt_at, id LIMIT ${limit}
      ), locked AS (
        SELECT d.id FROM ${webhookDeliveries} d JOIN candidates c ON c.id = d.id
         WHERE d.status = 'pending' AND (d.leased_until IS NULL OR d.leased_until < now())
           FOR UPDATE OF d SKIP LOCKED
      )
      UPDATE ${webhookDeliveries} d
         SET lease_id = ${leaseId}, leased_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = d.attempts + 1, updated_at = now()
        FROM locked WHERE d.id = locked.id
      RETURNING d.id`);
    const ids = claimed.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        id: webhookDeliveries.id,
        attempt: webhookDeliveries.attempts,
        failedInRow: webhookDeliveries.failedInRow,
        messageId: webhookDeliveries.messageId,
        subscriptionId: webhookDeliveries.subscriptionId,
        callbackUrl: webhookDeliveries.callbackUrl,
        type: outboxMessages.type,
        data: outboxMessages.data,
        messageCreatedAt: outboxMessages.createdAt,
        subscriptionUrl: webhookSubscriptions.url,
        secret: webhookSubscriptions.secret,
        previousSecret: sql<
          string | null
        >`CASE WHEN ${webhookSubscriptions.previousSecretExpiresAt} > now() THEN ${webhookSubscriptions.previousSecret} END`,
      })
      .from(webhookDeliveries)
      .innerJoin(outboxMessages, eq(outboxMessages.id, webhookDeliveries.messageId))
      .leftJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.leaseId, leaseId)));
    return rows.flatMap((row) => {
      const url = row.subscriptionId === null ? row.callbackUrl : row.subscriptionUrl;
      if (url === null) return [];
      const secrets = [row.secret, row.previousSecret].filter((secret): secret is string => secret !== null);
      return [{ ...row, leaseId, url, secrets }];
    });
  }

  /**
   * Records the attempt's effect under the lease that made it: delivered, or due again after
   * `retryInMs`, or failed for good (`retryInMs` null after a failure). False when the lease was
   * lost (the row changed hands or was deleted), so nothing is written.
   */
  async finish(
    tx: Executor,
    claimed: Pick<ClaimedDelivery, 'id' | 'leaseId' | 'failedInRow'>,
    succeeded: boolean,
    retryInMs: number | null,
  ): Promise<boolean> {
    const status: DeliveryStatus = succeeded ? 'delivered' : retryInMs === null ? 'failed' : 'pending';
    const rows = await tx
      .update(webhookDeliveries)
      .set({
        status,
        failedInRow: succeeded ? 0 : claimed.failedInRow + 1,
        nextAttemptAt: status === 'pending' ? sql`now() + make_interval(secs => ${(retryInMs ?? 0) / 1000})` : sql`now()`,
        deliveredAt: succeeded ? sql`now()` : null,
        leaseId: null,
        leasedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.leaseId, claimed.leaseId)))
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  }

  /** Queues the delivery again for an attempt now, with the retry schedule from its start; undefined when it is not the subscription's. */
  async requeue(tx: Executor, subscriptionId: string, deliveryId: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', failedInRow: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
      .returning();
    return row;
  }

  async findOf(subscriptionId: string, deliveryId: string, db: Executor = this.db): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)));
    return row;
  }

  /** A subscription's deliveries, newest first, id as tie-breaker. */
  async page(
    subscriptionId: string,
    offset: number,
    limit: number,
    db: Executor = this.db,
  ): Promise<{ rows: DeliveryListRow[]; total: number }> {
    const [rows, [totalRow]] = await Promise.all([
      this.listSelect(db)
        .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId)),
    ]);
    return { rows, total: totalRow?.total ?? 0 };
  }

  async findListRow(subscriptionId: string, deliveryId: string, db: Executor = this.db): Promise<DeliveryListRow | undefined> {
    const [row] = await this.listSelect(db).where(
      and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)),
    );
    return row;
  }

  private listSelect(db: Executor) {
    return db
      .select({
        id: webhookDeliveries.id,
        messageId: webhookDeliveries.messageId,
        type: outboxMessages.type,
        data: outboxMessages.data,
        messageCreatedAt: outboxMessages.createdAt,
        status: webhookDeliveries.status,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
        deliveredAt: webhookDeliveries.deliveredAt,
        createdAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries)
      .innerJoin(outboxMessages, eq(outboxMessages.id, webhookDeliveries.messageId))
      .$dynamic();
  }

  /**
   * Milliseconds until the earliest pending delivery of an enabled subscription (or a callback)
   * may be claimed (0 when one may be now; a leased one counts from its lease's end); undefined
   * when none is pending. Measured by the server's clock, which wrote the times.
   */
  async msUntilNextDue(): Promise<number | undefined> {
    const result = await this.db.execute<{ wait: number | null }>(sql`
      SELECT greatest(0, extract(epoch FROM min(greatest(d.next_attempt_at, coalesce(d.leased_until, d.next_attempt_at))) - now()) * 1000)::float8 AS wait
        FROM ${webhookDeliveries} d
        LEFT JOIN ${webhookSubscriptions} s ON s.id = d.subscription_id
       WHERE d.status = 'pending' AND (d.subscription_id IS NULL OR s.enabled)`);
    const wait = result.rows[0]?.wait;
    return wait === null || wait === undefined ? undefined : Number(wait);
  }
}
