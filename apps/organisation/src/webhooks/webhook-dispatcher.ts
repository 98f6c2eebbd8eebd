import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig, type ServiceConfig } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { Mailer } from '@teamfit/mail';
import { OUTBOX_CHANNEL } from '@teamfit/outbox';
import { NotificationListener } from '@teamfit/privacy';
import { OutboxMessageRepository } from './outbox-message.repository';
import { webhookDisabledMail } from './webhook-disabled.mail';
import { WebhookDeliveryAttemptRepository } from './webhook-delivery-attempt.repository';
import { type ClaimedDelivery, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { type AttemptOutcome, ATTEMPT_TIMEOUT_MS, type OutgoingRequest, sendAttempt } from './webhook-sender';
import { signWebhook } from './webhook-signature';
import { WebhookSubscriptionRepository } from './webhook-subscription.repository';

/** Attempts one dispatcher makes at once: a slow target holds at most its share of them, for at most 10 s each. */
export const DISPATCH_CONCURRENCY = 16;
/** Attempts to one target (a subscription, or a callback URL) one dispatcher makes at once. */
export const PER_TARGET_CONCURRENCY = 4;
/** A claimed delivery is another dispatcher's again after this: far longer than an attempt (10 s) and its recording. */
export const LEASE_MS = 60_000;
/** The longest the dispatcher sleeps: retries fall due without a notification, and a lost notification costs no more. */
export const POLL_MS = 5_000;
/**
 * How long a NOTIFY waits before it starts a pass: commits arriving meanwhile (a burst of
 * completions) are fanned out together in one pass, instead of one pass of several statements
 * each, which cost the database and this service more than the change that made the event.
 */
export const NOTIFY_COALESCE_MS = 100;
/** A subscription whose attempts have all failed for this long is disabled and its administrators are told. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** Delivered and failed-for-good messages are forgotten after this (docs/privacy.md). */
export const OUTBOX_RETENTION_MS = 30 * 24 * 3_600_000;
const FAN_OUT_BATCH = 200;
/** How often the retention pass runs (and settled `persona.erased` messages lose the persona's id). */
const RETENTION_EVERY_MS = 60_000;

/**
 * Delivers the outbox (docs/adr/0086-transactional-outbox-and-dispatcher.md, docs/operations.md
 * "Webhook dispatcher"). Every instance of the organisation service runs one. A pass turns new
 * outbox messages into deliveries (one per matching subscription, or the callback's one), then
 * claims due deliveries under a lease and attempts each; the attempt's outcome, the next retry
 * and the subscription's failure run are recorded in one transaction under that lease. Woken by
 * the outbox's notification (sent when an enqueuing transaction commits) and by a timer for
 * retries, capped at 5 s.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDispatcher');
  private readonly listener: NotificationListener;
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Attempts under way per target, to keep each target to its share. */
  private readonly perTarget = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastRetention = 0;

  constructor(
    @InjectDatabase() private readonly db: Database,
    @InjectConfig() private readonly config: ServiceConfig,
    private readonly outbox: OutboxMessageRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookDeliveryAttemptRepository,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly mailer: Mailer,
  ) {
    this.listener = new NotificationListener(config.databaseUrl, 'organisation-webhooks', OUTBOX_CHANNEL, () => this.wakeSoon());
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.listener.start();
    this.wake();
  }

  /** Stops claiming and waits for the attempts under way (each ends within 10 s), so their outcomes are recorded. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.soon) clearTimeout(this.soon);
    await this.listener.stop();
    await this.running;
    await Promise.allSettled(this.inFlight.values());
  }

  /** Runs a pass NOTIFY_COALESCE_MS from now, together with whatever else arrives meanwhile. */
  private wakeSoon(): void {
    if (this.stopped || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.wake();
    }, NOTIFY_COALESCE_MS);
    this.soon.unref();
  }

  /** Runs a pass now, or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.pass()
      .catch((error: unknown) => this.logger.warn(`dispatch pass failed, trying again shortly: ${(error as Error).message}`))
      .then((wait) => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), wait ?? POLL_MS);
        this.timer.unref();
      });
  }

  /** One pass; answers how long to sleep before the next, unless woken sooner. */
  private async pass(): Promise<number> {
    while (!this.stopped && (await this.fanOut()) === FAN_OUT_BATCH);
    await this.forgetOldMessages();
    const free = DISPATCH_CONCURRENCY - this.inFlight.size;
    if (free > 0 && !this.stopped) {
      const busy = [...this.perTarget].filter(([, running]) => running >= PER_TARGET_CONCURRENCY).map(([target]) => target);
      const claimed = await this.deliveries.claimDue(free, PER_TARGET_CONCURRENCY, busy, randomUUID(), LEASE_MS);
      for (const delivery of claimed) this.start(delivery);
    }
    const wait = await this.deliveries.msUntilNextDue();
    // Due now yet not claimed (every slot or the target's share taken here, or just claimed
    // elsewhere): the end of an attempt here wakes the dispatcher, the poll covers the rest.
    if (wait === undefined || wait === 0) return POLL_MS;
    return Math.min(wait, POLL_MS);
  }

  private async fanOut(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const messages = await this.outbox.claimPending(tx, FAN_OUT_BATCH);
      const ids = messages.map((message) => message.id);
      await this.deliveries.insertFor(tx, ids);
      await this.outbox.markFannedOut(tx, ids);
      await this.outbox.deleteUndelivered(tx, ids);
      return messages.length;
    });
  }

  private async forgetOldMessages(): Promise<void> {
    if (Date.now() - this.lastRetention < RETENTION_EVERY_MS) return;
    this.lastRetention = Date.now();
    const forgotten = await this.db.transaction((tx) => this.outbox.deleteSettledBefore(tx, OUTBOX_RETENTION_MS, 10_000));
    if (forgotten > 0) this.logger.log(`forgot ${forgotten} outbox messages older than 30 days`);
    await this.db.transaction((tx) => this.outbox.scrubSettledErasures(tx));
  }

  private start(delivery: ClaimedDelivery): void {
    const target = delivery.subscriptionId ?? delivery.url;
    this.perTarget.set(target, (this.perTarget.get(target) ?? 0) + 1);
    const work = this.attempt(delivery)
      .catch((error: unknown) =>
        // The lease runs out and the delivery is attempted again: at least once, never lost.
        this.logger.warn(
          `delivery ${delivery.id}: the outcome could not be recorded (${(error as Error).message}); it is attempted again later`,
        ),
      )
      .finally(() => {
        this.inFlight.delete(delivery.id);
        const left = (this.perTarget.get(target) ?? 1) - 1;
        if (left > 0) this.perTarget.set(target, left);
        else this.perTarget.delete(target);
        this.wake();
      });
    this.inFlight.set(delivery.id, work);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const attemptedAt = new Date();
    const outcome = await sendAttempt(this.requestOf(delivery, attemptedAt), this.config.webhooks);
    const retryInMs = outcome.succeeded ? null : (this.config.webhooks.retryDelaysMs[delivery.failedInRow] ?? null);
    await this.db.transaction(async (tx) => {
      // The subscription's row first, then the delivery's: the order a subscription's deletion
      // locks them in (its deliveries go with it), so the two never wait for each other in a cycle.
      if (delivery.subscriptionId !== null) await this.subscriptions.recordOutcome(tx, delivery.subscriptionId, outcome.succeeded);
      if (!(await this.deliveries.finish(tx, delivery, outcome.succeeded, retryInMs))) {
        this.logger.warn(`delivery ${delivery.id}: its lease was lost before the outcome was recorded`);
        return;
      }
      await this.attempts.insert(tx, { deliveryId: delivery.id, attempt: delivery.attempt, attemptedAt, ...outcomeColumns(outcome) });
    });
    if (!outcome.succeeded && delivery.subscriptionId !== null) await this.disableIfFailingTooLong(delivery.subscriptionId);
  }

  /** The same body and `webhook-id` at every attempt; the timestamp and signatures are the attempt's. */
  private requestOf(delivery: ClaimedDelivery, attemptedAt: Date): OutgoingRequest {
    const headers: Record<string, string> = { 'user-agent': 'Teamfit-Webhooks/1' };
    if (delivery.subscriptionId === null) {
      return { url: delivery.url, method: 'PATCH', headers: { ...headers, 'webhook-id': delivery.messageId } };
    }
    const body = JSON.stringify({ type: delivery.type, timestamp: delivery.messageCreatedAt.toISOString(), data: delivery.data });
    const signed = signWebhook(delivery.messageId, Math.floor(attemptedAt.getTime() / 1000), body, delivery.secrets);
    return { url: delivery.url, method: 'POST', headers: { ...headers, 'content-type': 'application/json', ...signed }, body };
  }

  /**
   * Disables the subscription after 5 days of nothing but failures and e-mails its administrators,
   * in one transaction: when the mail server refuses, the disabling is rolled back and tried again
   * at the next failure, so nobody misses the news.
   */
  private async disableIfFailingTooLong(subscriptionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const disabled = await this.subscriptions.disableIfFailingFor(tx, subscriptionId, DISABLE_AFTER_FAILING_MS);
      if (!disabled?.failingSince) return;
      const recipients = await this.subscriptions.administratorsToTell(disabled, tx);
      for (const to of recipients) {
        await this.mailer.send(
          webhookDisabledMail({
            to,
            subscriptionId: disabled.id,
            url: disabled.url,
            failingSince: disabled.failingSince,
            adminAppOrigin: this.config.adminAppOrigin,
          }),
        );
      }
      this.logger.warn(`webhook subscription ${disabled.id} disabled after failing since ${disabled.failingSince.toISOString()}`);
    });
  }
}

function outcomeColumns(outcome: AttemptOutcome) {
  return {
    succeeded: outcome.succeeded,
    responseStatus: outcome.responseStatus,
    durationMs: Math.min(outcome.durationMs, ATTEMPT_TIMEOUT_MS * 10),
    error: outcome.error?.slice(0, 500) ?? null,
  };
}
