import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { asc, inArray } from 'drizzle-orm';
import { webhookDeliveryAttempts, type WebhookDeliveryAttemptRow } from '../database/webhooks.tables';

export type NewAttempt = Omit<WebhookDeliveryAttemptRow, 'id'>;

/** The one gateway to `organisation.webhook_delivery_attempts`. */
@Injectable()
export class WebhookDeliveryAttemptRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(tx: Executor, attempt: NewAttempt): Promise<void> {
    await tx.insert(webhookDeliveryAttempts).values(attempt);
  }

  /** The attempts of these deliveries, each delivery's first to last. */
  listFor(deliveryIds: string[], db: Executor = this.db): Promise<WebhookDeliveryAttemptRow[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(webhookDeliveryAttempts)
      .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
      .orderBy(asc(webhookDeliveryAttempts.deliveryId), asc(webhookDeliveryAttempts.attempt), asc(webhookDeliveryAttempts.id));
  }
}
