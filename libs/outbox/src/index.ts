export { OUTBOX_CHANNEL, enqueueOutbox, type OutboxMessage } from './enqueue-outbox';
export { outboxMessages, type OutboxMessageRow } from './outbox.table';
