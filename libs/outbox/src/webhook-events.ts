/**
 * The event types a webhook subscription can ask for (docs/integrations.md, "Webhooks"). A
 * subscription's `events` lists some of them, or is `["*"]` for all, those added later too.
 */
export const WEBHOOK_EVENT_TYPES = [
  'evaluation.invited',
  'evaluation.completed',
  'evaluation.reviewed',
  'persona.erased',
  'service_request.status_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A subscription's `events` for every event type. */
export const ALL_WEBHOOK_EVENTS = '*';

/** `evaluation.invited`: an administrator had the evaluation's persona e-mailed the hub link. */
export type EvaluationInvitedData = {
  evaluationId: string;
  personaId: string;
  teamId: number;
  invitedAt: string;
};

/** `evaluation.completed`: the last answer was given and the evaluation scored. */
export type EvaluationCompletedData = {
  evaluationId: string;
  personaId: string;
  teamId: number;
  overallScore: number;
  overallCategory: string;
  completedAt: string;
};

/** `persona.erased`: the persona was erased (its own data at once, the other services' parts follow). */
export type PersonaErasedData = {
  personaId: string;
  erasedAt: string;
};

/** `service_request.status_changed`: a service request moved from one status to another. */
export type ServiceRequestStatusChangedData = {
  serviceRequestId: string;
  previousStatus: string;
  status: string;
  changedAt: string;
};
