import { Module } from '@nestjs/common';
import { OutboxMessageRepository } from './outbox-message.repository';
import { WebhookDeliveryAttemptRepository } from './webhook-delivery-attempt.repository';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookSubscriptionController } from './webhook-subscription.controller';
import { WebhookSubscriptionRepository } from './webhook-subscription.repository';
import { WebhookSubscriptionService } from './webhook-subscription.service';

/**
 * Webhooks (docs/integrations.md, "Webhooks"): subscriptions at /webhooks and the dispatcher that
 * delivers the outbox (docs/adr/0086-transactional-outbox-and-dispatcher.md). The disabling
 * e-mail goes through the platform Mailer, from the MailModule the app root imports.
 */
@Module({
  controllers: [WebhookSubscriptionController],
  providers: [
    OutboxMessageRepository,
    WebhookSubscriptionRepository,
    WebhookDeliveryRepository,
    WebhookDeliveryAttemptRepository,
    WebhookDispatcher,
    WebhookSubscriptionService,
  ],
  // The erasure of a persona (../privacy) takes its id out of the outbox.
  exports: [OutboxMessageRepository],
})
export class WebhooksModule {}
