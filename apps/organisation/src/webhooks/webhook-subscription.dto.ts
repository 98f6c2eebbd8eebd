import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOmittable, PageInfoDto } from '@teamfit/common';
import { ALL_WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES } from '@teamfit/outbox';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsBoolean, IsIn, IsOptional, IsString, IsUrl, IsUUID, MaxLength } from 'class-validator';
import type { WebhookSubscriptionRow } from '../database/webhooks.tables';

/** Long enough for any real endpoint, short enough to keep rows and logs small. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500;
const EVENT_CHOICES = [ALL_WEBHOOK_EVENTS, ...WEBHOOK_EVENT_TYPES];

const URL_DESCRIPTION =
  'Where events are POSTed: an https URL whose host has only public addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS=on also allows http and private addresses). Checked now and again at every attempt.';
const EVENTS_DESCRIPTION = 'The event types to receive (docs/integrations.md, "Webhooks"), or `["*"]` for all, those added later too.';

/**
 * Decorators as if stacked on a property, top to bottom: stacked ones apply bottom first, and
 * class-validator checks (and words its messages) in the order they were applied.
 */
const stacked = (...decorators: PropertyDecorator[]): PropertyDecorator => applyDecorators(...decorators.reverse());

/* The rules of each field, one copy for creating and updating (the update adds IsOmittable). */
const IsWebhookUrl = (): PropertyDecorator =>
  stacked(
    IsString(),
    MaxLength(WEBHOOK_URL_MAX_LENGTH),
    IsUrl({ require_protocol: true, require_tld: false, protocols: ['http', 'https'] }, { message: 'url must be an http(s) URL' }),
  );
const IsWebhookEvents = (): PropertyDecorator =>
  stacked(
    ArrayMinSize(1),
    ArrayMaxSize(EVENT_CHOICES.length),
    ArrayUnique(),
    IsIn(EVENT_CHOICES, { each: true, message: `each value in events must be one of: ${EVENT_CHOICES.join(', ')}` }),
  );
const IsWebhookOrganisation = (): PropertyDecorator => stacked(IsOptional(), IsUUID('all', { message: 'organisationId must be a UUID' }));
const IsWebhookDescription = (): PropertyDecorator => stacked(IsOptional(), IsString(), MaxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH));

export class WebhookIdParams {
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}

export class WebhookDeliveryParams extends WebhookIdParams {
  @IsUUID('all', { message: 'deliveryId must be a UUID' })
  deliveryId!: string;
}

export class CreateWebhookSubscriptionDto {
  @ApiProperty({ example: 'https://ats.example.com/teamfit/events', maxLength: WEBHOOK_URL_MAX_LENGTH, description: URL_DESCRIPTION })
  @IsWebhookUrl()
  url!: string;

  @ApiProperty({ type: [String], enum: EVENT_CHOICES, example: ['evaluation.completed'], description: EVENTS_DESCRIPTION })
  @IsWebhookEvents()
  events!: string[];

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    required: false,
    description: "Only this organisation's events; absent or null: every organisation's",
  })
  @IsWebhookOrganisation()
  organisationId?: string | null;

  @ApiProperty({ type: String, nullable: true, required: false, maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })
  @IsWebhookDescription()
  description?: string | null;
}

export class UpdateWebhookSubscriptionDto {
  @ApiProperty({ required: false, maxLength: WEBHOOK_URL_MAX_LENGTH, description: URL_DESCRIPTION })
  @IsOmittable()
  @IsWebhookUrl()
  url?: string;

  @ApiProperty({ type: [String], enum: EVENT_CHOICES, required: false, description: EVENTS_DESCRIPTION })
  @IsOmittable()
  @IsWebhookEvents()
  events?: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, required: false })
  @IsWebhookOrganisation()
  organisationId?: string | null;

  @ApiProperty({ type: String, nullable: true, required: false, maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })
  @IsWebhookDescription()
  description?: string | null;

  @ApiProperty({
    required: false,
    description:
      'false pauses deliveries (new events are not queued for it); true resumes one, disabled by hand or after failing for 5 days',
  })
  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;
}

/** A subscription as every route but its creation and a rotation shows it: without its secret. */
export class WebhookSubscriptionDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'https://ats.example.com/teamfit/events' })
  url!: string;

  @ApiProperty({ type: [String], enum: EVENT_CHOICES, example: ['evaluation.completed'] })
  events!: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  organisationId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ description: 'false: paused by an administrator, or disabled after failing for 5 days (disabledAt)' })
  enabled!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was disabled after failing for 5 days' })
  disabledAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'First failed attempt of the current run of failures' })
  failingSince!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until when the secret before the last rotation still signs, alongside the current one',
  })
  previousSecretExpiresAt!: string | null;

  @ApiProperty({ format: 'uuid' })
  createdBy!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** The answer of the creation and of a rotation: the only time the secret is shown. */
export class WebhookSubscriptionWithSecretDto extends WebhookSubscriptionDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw9wHaUs+0mnc=',
    description: 'The signing secret (`whsec_` and base64 of 32 random bytes), shown only now: keep it to verify `webhook-signature`',
  })
  secret!: string;
}

export class WebhookSubscriptionPageDto extends PageInfoDto {
  @ApiProperty({ type: [WebhookSubscriptionDto] }) items!: WebhookSubscriptionDto[];
}

export class WebhookSubscriptionDeletedDto {
  @ApiProperty({ example: 'Webhook subscription deleted' })
  message!: string;
}

export function mapSubscription(row: WebhookSubscriptionRow): WebhookSubscriptionDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    organisationId: row.organisationId,
    description: row.description,
    enabled: row.enabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
