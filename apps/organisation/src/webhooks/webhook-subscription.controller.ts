import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AcceptTokens, AdminOnly, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors, type Page, PageQueryDto } from '@teamfit/common';
import { type WebhookDeliveryDto, WebhookDeliveryDto as DeliveryDto, WebhookDeliveryPageDto } from './webhook-delivery.dto';
import { WEBHOOK_EVENT_MODELS } from './webhook-event.dto';
import {
  CreateWebhookSubscriptionDto,
  UpdateWebhookSubscriptionDto,
  WebhookDeliveryParams,
  WebhookIdParams,
  WebhookSubscriptionDeletedDto,
  WebhookSubscriptionDto,
  WebhookSubscriptionPageDto,
  WebhookSubscriptionWithSecretDto,
} from './webhook-subscription.dto';
import { WebhookSubscriptionService } from './webhook-subscription.service';

const PAYLOADS =
  'Each event is POSTed to the URL as JSON `{type, timestamp, data}` (the schemas `EvaluationInvitedWebhookEventDto`, `EvaluationCompletedWebhookEventDto`, `EvaluationReviewedWebhookEventDto`, `PersonaErasedWebhookEventDto` and `ServiceRequestStatusChangedWebhookEventDto`, which each delivery of GET /organisation/webhooks/{id}/deliveries shows as its `event`), signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`; docs/integrations.md, "Webhooks").';

/**
 * /webhooks (gateway: /organisation/webhooks): webhook subscriptions, administrators only. The
 * event payloads are components of the OpenAPI document (OpenAPI 3.0.3 has no `webhooks` key),
 * added here and used by the deliveries' `event`.
 */
@ApiTags('webhooks')
@ApiBearerAuth()
@ApiExtraModels(...WEBHOOK_EVENT_MODELS)
@ApiErrors({ 401: 'No Authorization header', 403: 'Invalid or expired token, or not an administrator' })
@AcceptTokens('account')
@AdminOnly()
@Controller('webhooks')
export class WebhookSubscriptionController {
  constructor(private readonly webhooks: WebhookSubscriptionService) {}

  @Post()
  @ApiOperation({
    summary: 'Subscribe a URL to events (administrators)',
    description: `Administrator account tokens only. Checks the URL (https, every address of its host public, unless WEBHOOK_ALLOW_PRIVATE_TARGETS=on) and answers the subscription with its signing secret, shown only now. ${PAYLOADS}`,
  })
  @ApiCreatedResponse({ type: WebhookSubscriptionWithSecretDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or the URL is not an allowed target (not https, or a private address)' })
  create(@Body() body: CreateWebhookSubscriptionDto, @Principal() principal: VerifiedToken): Promise<WebhookSubscriptionWithSecretDto> {
    return this.webhooks.create(body, principal);
  }

  @Get()
  @ApiOperation({
    summary: 'List webhook subscriptions (administrators)',
    description: 'Oldest first, paged; secrets are never shown again.',
  })
  @ApiOkResponse({ type: WebhookSubscriptionPageDto })
  @ApiErrors({ 400: 'page or limit is invalid' })
  list(@Query() query: PageQueryDto): Promise<Page<WebhookSubscriptionDto>> {
    return this.webhooks.page(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook subscription (administrators)' })
  @ApiOkResponse({ type: WebhookSubscriptionDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No webhook subscription has this id' })
  get(@Param() { id }: WebhookIdParams): Promise<WebhookSubscriptionDto> {
    return this.webhooks.get(id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Change a webhook subscription (administrators); only the given fields change',
    description:
      'A new URL is checked as at creation. `enabled: false` pauses it (no new event is queued for it, queued ones wait); `enabled: true` resumes one paused or disabled after failing for 5 days, its failure run counted afresh.',
  })
  @ApiOkResponse({ type: WebhookSubscriptionDto })
  @ApiErrors({ 400: 'id is not a UUID, or a field is invalid or not accepted', 404: 'No webhook subscription has this id' })
  update(@Param() { id }: WebhookIdParams, @Body() body: UpdateWebhookSubscriptionDto): Promise<WebhookSubscriptionDto> {
    return this.webhooks.update(id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook subscription (administrators)', description: 'Its deliveries, done or queued, go with it.' })
  @ApiOkResponse({ type: WebhookSubscriptionDeletedDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No webhook subscription has this id' })
  async remove(@Param() { id }: WebhookIdParams): Promise<WebhookSubscriptionDeletedDto> {
    await this.webhooks.remove(id);
    return { message: 'Webhook subscription deleted' };
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Rotate the signing secret (administrators)',
    description:
      'Answers the new secret, shown only now. For 24 hours the old secret keeps signing too: `webhook-signature` then carries two signatures, space-separated, so a receiver verifies with either while it switches.',
  })
  @ApiOkResponse({ type: WebhookSubscriptionWithSecretDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No webhook subscription has this id' })
  rotateSecret(@Param() { id }: WebhookIdParams): Promise<WebhookSubscriptionWithSecretDto> {
    return this.webhooks.rotateSecret(id);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: "A webhook subscription's deliveries, with every attempt (administrators)",
    description:
      'Newest first, paged; each delivery with its attempts: when, whether a 2xx came, the status code, the time taken and why it failed.',
  })
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  @ApiErrors({ 400: 'id is not a UUID, or page or limit is invalid', 404: 'No webhook subscription has this id' })
  deliveries(@Param() { id }: WebhookIdParams, @Query() query: PageQueryDto): Promise<Page<WebhookDeliveryDto>> {
    return this.webhooks.deliveriesOf(id, query);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Deliver an event again (administrators)',
    description:
      'Queues the delivery for an attempt now, with the same body and `webhook-id` and the retry schedule from its start (a delivered one too, for a receiver that lost it). 409 while it is still pending.',
  })
  @ApiAcceptedResponse({ type: DeliveryDto })
  @ApiErrors({
    400: 'id or deliveryId is not a UUID',
    404: 'No webhook subscription has this id, or it has no delivery with this deliveryId',
    409: 'The delivery is still pending',
  })
  redeliver(@Param() { id, deliveryId }: WebhookDeliveryParams): Promise<WebhookDeliveryDto> {
    return this.webhooks.redeliver(id, deliveryId);
  }
}
