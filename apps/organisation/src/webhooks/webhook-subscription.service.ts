import { Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import {
  conflict,
  InjectConfig,
  notFound,
  offsetOf,
  type Page,
  pageOf,
  type PageRequest,
  type ServiceConfig,
  validationFailed,
} from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { ALL_WEBHOOK_EVENTS } from '@teamfit/outbox';
import type { WebhookDeliveryAttemptRow } from '../database/webhooks.tables';
import type { WebhookDeliveryDto } from './webhook-delivery.dto';
import { WebhookDeliveryAttemptRepository } from './webhook-delivery-attempt.repository';
import { type DeliveryListRow, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { newWebhookSecret } from './webhook-signature';
import {
  type CreateWebhookSubscriptionDto,
  mapSubscription,
  type UpdateWebhookSubscriptionDto,
  type WebhookSubscriptionDto,
  type WebhookSubscriptionWithSecretDto,
} from './webhook-subscription.dto';
import { type SubscriptionChanges, WebhookSubscriptionRepository } from './webhook-subscription.repository';
import { checkTarget, TargetRefused } from './webhook-target';

/** After a rotation the old secret keeps signing alongside the new one for this long, so receivers can switch without losing events. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

const SUBSCRIPTION = 'Webhook subscription';

/** Webhook subscriptions and their deliveries (docs/integrations.md, "Webhooks"). */
@Injectable()
export class WebhookSubscriptionService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    @InjectConfig() private readonly config: ServiceConfig,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookDeliveryAttemptRepository,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  async create(input: CreateWebhookSubscriptionDto, principal: VerifiedToken): Promise<WebhookSubscriptionWithSecretDto> {
    await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const row = await this.subscriptions.insert(this.db, {
      url: input.url,
      events: eventsOf(input.events),
      organisationId: input.organisationId ?? null,
      description: input.description ?? null,
      secret,
      createdBy: principal.sub,
    });
    return { ...mapSubscription(row), secret };
  }

  async page(query: PageRequest): Promise<Page<WebhookSubscriptionDto>> {
    const { rows, total } = await this.subscriptions.page(offsetOf(query), query.limit);
    return pageOf(rows.map(mapSubscription), total, query);
  }

  async get(id: string): Promise<WebhookSubscriptionDto> {
    return mapSubscription(await this.found(id));
  }

  async update(id: string, input: UpdateWebhookSubscriptionDto): Promise<WebhookSubscriptionDto> {
    if (input.url !== undefined) await this.checkUrl(input.url);
    const changes: SubscriptionChanges = {};
    if (input.url !== undefined) changes.url = input.url;
    if (input.events !== undefined) changes.events = eventsOf(input.events);
    if (input.organisationId !== undefined) changes.organisationId = input.organisationId;
    if (input.description !== undefined) changes.description = input.description;
    if (input.enabled !== undefined) changes.enabled = input.enabled;
    const row = await this.subscriptions.update(this.db, id, changes);
    if (!row) throw notFound(SUBSCRIPTION);
    // Deliveries held back while it was disabled are due again.
    if (input.enabled === true) this.dispatcher.wake();
    return mapSubscription(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.subscriptions.delete(this.db, id))) throw notFound(SUBSCRIPTION);
  }

  async rotateSecret(id: string): Promise<WebhookSubscriptionWithSecretDto> {
    const secret = newWebhookSecret();
    const row = await this.subscriptions.rotateSecret(this.db, id, secret, SECRET_OVERLAP_MS);
    if (!row) throw notFound(SUBSCRIPTION);
    return { ...mapSubscription(row), secret };
  }

  async deliveriesOf(id: string, query: PageRequest): Promise<Page<WebhookDeliveryDto>> {
    await this.found(id);
    const { rows, total } = await this.deliveries.page(id, offsetOf(query), query.limit);
    return pageOf(await this.withAttempts(rows), total, query);
  }

  /**
   * Queues the delivery for an attempt now, with the same body and `webhook-id` and the retry
   * schedule from its start; 409 while it is still pending (its next attempt is queued already).
   */
  async redeliver(id: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    await this.found(id);
    const delivery = await this.deliveries.findOf(id, deliveryId);
    if (!delivery) throw notFound('Webhook delivery');
    if (delivery.status === 'pending') throw conflict('The delivery is still pending: its next attempt is already queued');
    await this.deliveries.requeue(this.db, id, deliveryId);
    this.dispatcher.wake();
    const row = await this.deliveries.findListRow(id, deliveryId);
    if (!row) throw notFound('Webhook delivery');
    const [dto] = await this.withAttempts([row]);
    if (!dto) throw notFound('Webhook delivery');
    return dto;
  }

  private async withAttempts(rows: DeliveryListRow[]): Promise<WebhookDeliveryDto[]> {
    const attempts = await this.attempts.listFor(rows.map((row) => row.id));
    const byDelivery = new Map<string, WebhookDeliveryAttemptRow[]>();
    for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
    return rows.map((row): WebhookDeliveryDto => ({
      id: row.id,
      eventId: row.messageId,
      eventType: row.type,
      event: { type: row.type, timestamp: row.messageCreatedAt.toISOString(), data: row.data },
      status: row.status,
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      attempts: (byDelivery.get(row.id) ?? []).map((attempt) => ({
        attempt: attempt.attempt,
        attemptedAt: attempt.attemptedAt.toISOString(),
        succeeded: attempt.succeeded,
        responseStatus: attempt.responseStatus,
        durationMs: attempt.durationMs,
        error: attempt.error,
      })),
    }));
  }

  private async found(id: string) {
    const row = await this.subscriptions.findById(id);
    if (!row) throw notFound(SUBSCRIPTION);
    return row;
  }

  /** The target policy as a clear 400 (docs/adr/0087-webhook-targets-and-signing.md). */
  private async checkUrl(url: string): Promise<void> {
    try {
      await checkTarget(url, this.config.webhooks);
    } catch (error) {
      if (error instanceof TargetRefused) throw validationFailed(error.message);
      throw error;
    }
  }
}

/** `["*"]` alone stands for every event; `*` beside named types is a mistake worth saying so. */
function eventsOf(events: string[]): string[] {
  if (events.includes(ALL_WEBHOOK_EVENTS) && events.length > 1) {
    throw validationFailed('events must be ["*"] for every event, or a list of event types without "*"');
  }
  return events;
}
