import { ApiProperty } from '@nestjs/swagger';

/*
 * The payloads the platform POSTs to webhook subscriptions (docs/integrations.md, "Webhooks").
 * OpenAPI 3.0.3 has no `webhooks` key: they are schemas of the document's components, named
 * `…WebhookEventDto`, and the `event` of each delivery in GET /organisation/webhooks/{id}/deliveries.
 */

export class EvaluationInvitedEventDataDto {
  @ApiProperty({ format: 'uuid' }) evaluationId!: string;
  @ApiProperty({ format: 'uuid' }) personaId!: string;
  @ApiProperty({ description: "The evaluation's algorithm team" }) teamId!: number;
  @ApiProperty({ format: 'date-time' }) invitedAt!: string;
}

export class EvaluationCompletedEventDataDto {
  @ApiProperty({ format: 'uuid' }) evaluationId!: string;
  @ApiProperty({ format: 'uuid' }) personaId!: string;
  @ApiProperty({ description: "The evaluation's algorithm team" }) teamId!: number;
  @ApiProperty({ description: 'The overall team-fit score (docs/scoring.md)' }) overallScore!: number;
  @ApiProperty({ description: "The overall score's category (docs/scoring.md)", example: 'HIGH' }) overallCategory!: string;
  @ApiProperty({ format: 'date-time' }) completedAt!: string;
}

export class EvaluationReviewedEventDataDto {
  @ApiProperty({ format: 'uuid' }) evaluationId!: string;
  @ApiProperty({ format: 'uuid', description: 'The review appended (GET /evaluation/evaluation/:id/reviews lists it with its reason)' })
  reviewId!: string;
  @ApiProperty({ enum: ['CONFIRMED', 'OVERRIDDEN', 'EXCLUDED'] }) decision!: 'CONFIRMED' | 'OVERRIDDEN' | 'EXCLUDED';
  @ApiProperty({ type: Number, nullable: true, description: 'The score a person decided (OVERRIDDEN only), beside the computed one' })
  overallScore!: number | null;
  @ApiProperty({ format: 'uuid', description: 'The reviewing administrator account' }) accountId!: string;
  @ApiProperty({ format: 'date-time' }) reviewedAt!: string;
}

export class PersonaErasedEventDataDto {
  @ApiProperty({ format: 'uuid', description: 'The erased persona: erase what you keep of it' }) personaId!: string;
  @ApiProperty({ format: 'date-time' }) erasedAt!: string;
}

export class ServiceRequestStatusChangedEventDataDto {
  @ApiProperty({ description: 'The service request (`_id`)', example: '665f1b2c3d4e5f6a7b8c9d0e' }) serviceRequestId!: string;
  @ApiProperty({ example: 'NEW' }) previousStatus!: string;
  @ApiProperty({ example: 'IN_PROGRESS' }) status!: string;
  @ApiProperty({ format: 'date-time' }) changedAt!: string;
}

const TIMESTAMP = { format: 'date-time', description: 'When the event happened (the change committed)' } as const;

export class EvaluationInvitedWebhookEventDto {
  @ApiProperty({ enum: ['evaluation.invited'] }) type!: 'evaluation.invited';
  @ApiProperty(TIMESTAMP) timestamp!: string;
  @ApiProperty({ type: EvaluationInvitedEventDataDto }) data!: EvaluationInvitedEventDataDto;
}

export class EvaluationCompletedWebhookEventDto {
  @ApiProperty({ enum: ['evaluation.completed'] }) type!: 'evaluation.completed';
  @ApiProperty(TIMESTAMP) timestamp!: string;
  @ApiProperty({ type: EvaluationCompletedEventDataDto }) data!: EvaluationCompletedEventDataDto;
}

export class EvaluationReviewedWebhookEventDto {
  @ApiProperty({ enum: ['evaluation.reviewed'] }) type!: 'evaluation.reviewed';
  @ApiProperty(TIMESTAMP) timestamp!: string;
  @ApiProperty({
    type: EvaluationReviewedEventDataDto,
    description: 'Emitted by human review (docs/fairness.md, "Human review and contest"); no persona id and no reason',
  })
  data!: EvaluationReviewedEventDataDto;
}

export class PersonaErasedWebhookEventDto {
  @ApiProperty({ enum: ['persona.erased'] }) type!: 'persona.erased';
  @ApiProperty(TIMESTAMP) timestamp!: string;
  @ApiProperty({ type: PersonaErasedEventDataDto }) data!: PersonaErasedEventDataDto;
}

export class ServiceRequestStatusChangedWebhookEventDto {
  @ApiProperty({ enum: ['service_request.status_changed'] }) type!: 'service_request.status_changed';
  @ApiProperty(TIMESTAMP) timestamp!: string;
  @ApiProperty({ type: ServiceRequestStatusChangedEventDataDto }) data!: ServiceRequestStatusChangedEventDataDto;
}

/** Every event payload, for `@ApiExtraModels` and the deliveries' `event`. */
export const WEBHOOK_EVENT_MODELS = [
  EvaluationInvitedWebhookEventDto,
  EvaluationCompletedWebhookEventDto,
  EvaluationReviewedWebhookEventDto,
  PersonaErasedWebhookEventDto,
  ServiceRequestStatusChangedWebhookEventDto,
];
