import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { PageInfoDto } from '@teamfit/common';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../database/webhooks.tables';
import { WEBHOOK_EVENT_MODELS } from './webhook-event.dto';

export class WebhookDeliveryAttemptDto {
  @ApiProperty({ description: '1 for the first attempt, then 2, 3, …' })
  attempt!: number;

  @ApiProperty({ format: 'date-time' })
  attemptedAt!: string;

  @ApiProperty({ description: 'The target answered with a 2xx status' })
  succeeded!: boolean;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The answer's status code; null when none came (refused, unreachable, timed out)",
  })
  responseStatus!: number | null;

  @ApiProperty({ description: 'From the address check to the answer, in milliseconds' })
  durationMs!: number;

  @ApiProperty({ type: String, nullable: true, description: 'Why it failed; null when it succeeded' })
  error!: string | null;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid', description: "The event's id: the `webhook-id` header of every attempt" })
  eventId!: string;

  @ApiProperty({ example: 'evaluation.completed' })
  eventType!: string;

  @ApiProperty({
    oneOf: WEBHOOK_EVENT_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
    description: 'The body every attempt POSTs, `{type, timestamp, data}`',
  })
  event!: Record<string, unknown>;

  @ApiProperty({
    enum: DELIVERY_STATUSES,
    enumName: 'WebhookDeliveryStatus',
    description: 'pending: attempts are still to come; delivered: a 2xx came; failed: every attempt of the schedule failed',
  })
  status!: DeliveryStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next attempt is due; null unless pending' })
  nextAttemptAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: [WebhookDeliveryAttemptDto], description: 'Every attempt, first to last' })
  attempts!: WebhookDeliveryAttemptDto[];
}

export class WebhookDeliveryPageDto extends PageInfoDto {
  @ApiProperty({ type: [WebhookDeliveryDto] }) items!: WebhookDeliveryDto[];
}
