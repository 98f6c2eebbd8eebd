export { OUTBOX_CHANNEL, enqueueOutbox, type OutboxMessage } from './enqueue-outbox';
export { outboxMessages, type OutboxMessageRow } from './outbox.table';
export {
  ALL_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_TYPES,
  type EvaluationCompletedData,
  type EvaluationInvitedData,
  type PersonaErasedData,
  type ServiceRequestStatusChangedData,
  type WebhookEventType,
} from './webhook-events';
