import { organisationSchema } from '@teamfit/accounts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, customType, index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  type ApprovalStatus,
  LEVELS,
  PRIORITIES,
  REQUESTER_TYPES,
  SEVERITIES,
  SOURCES,
  STATUSES,
  TYPES,
} from '../service-requests/service-request.model';

/** PostgreSQL's tsvector; Drizzle has no built-in column type for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface ChangeMeta {
  proposedChange?: string;
  justification?: string;
  riskLevel?: string;
  rollbackPlan?: string;
  plannedStartAt?: string;
  plannedEndAt?: string;
  approvalStatus?: ApprovalStatus;
  approverId?: string | null;
  approvedAt?: string | null;
  approvalNote?: string | null;
}

/** typeMeta (docs/service-requests.md, "Fields and values"): one block per type that has one. */
export interface TypeMeta {
  change?: ChangeMeta;
  incident?: { rootCause?: string; postMortemUrl?: string };
  bug?: { stepsToReproduce?: string };
}

/**
 * Service requests (docs/service-requests.md). `id` is the 24-hex ObjectId the API shows as `_id`. The SLA
 * clock: dueAt is the target; slaPausedMs the total time the clock stood still so far (it
 * survives priority changes) and slaPausedAt when the current stop began. `searchVector` is the
 * full-text document (title, description, public comments), rewritten in the transaction of
 * every change to those.
 */
export const serviceRequests = organisationSchema.table(
  'service_requests',
  {
    id: char('id', { length: 24 }).primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', { enum: TYPES }).notNull(),
    status: text('status', { enum: STATUSES }).notNull().default('NEW'),
    source: text('source', { enum: SOURCES }),
    requesterType: text('requester_type', { enum: REQUESTER_TYPES }).notNull(),
    /** The token's subject and kind of whoever filed the ticket (hub ownership). */
    requesterId: text('requester_id').notNull(),
    requesterKind: text('requester_kind', { enum: ['account', 'persona'] }).notNull(),
    organisationId: uuid('organisation_id'),
    onBehalfOfUserId: text('on_behalf_of_user_id'),
    priority: text('priority', { enum: PRIORITIES }).notNull(),
    severity: text('severity', { enum: SEVERITIES }),
    urgency: text('urgency', { enum: LEVELS }),
    impact: text('impact', { enum: LEVELS }),
    category: text('category'),
    subCategory: text('sub_category'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dueAt: stamp('due_at').notNull(),
    slaBreached: boolean('sla_breached').notNull().default(false),
    slaPausedMs: bigint('sla_paused_ms', { mode: 'number' }).notNull().default(0),
    slaPausedAt: stamp('sla_paused_at'),
    assigneeId: uuid('assignee_id'),
    assigneeTeam: text('assignee_team'),
    firstResponseAt: stamp('first_response_at'),
    resolvedAt: stamp('resolved_at'),
    closedAt: stamp('closed_at'),
    reopenCount: integer('reopen_count').notNull().default(0),
    typeMeta: jsonb('type_meta').$type<TypeMeta>().notNull().default({}),
    searchVector: tsvector('search_vector').notNull(),
    createdAt: stamp('created_at').notNull(),
    updatedAt: stamp('updated_at').notNull(),
    deletedAt: stamp('deleted_at'),
  },
  (table) => [
    index('service_requests_created_idx').on(table.createdAt, table.id),
    index('service_requests_requester_idx').on(table.requesterKind, table.requesterId, table.createdAt),
    index('service_requests_search_idx').using('gin', table.searchVector),
    // The breach sweep looks only at tickets whose clock runs and that have not breached yet.
    index('service_requests_sla_open_idx')
      .on(table.dueAt)
      .where(sql`${table.slaBreached} = false AND ${table.slaPausedAt} IS NULL`),
  ],
);

export const serviceRequestComments = organisationSchema.table(
  'service_request_comments',
  {
    id: char('id', { length: 24 }).primaryKey(),
    requestId: char('request_id', { length: 24 })
      .notNull()
      .references(() => serviceRequests.id),
    authorId: text('author_id').notNull(),
    authorType: text('author_type', { enum: ['ADMIN', 'REQUESTER'] }).notNull(),
    text: text('text').notNull(),
    isInternal: boolean('is_internal').notNull(),
    createdAt: stamp('created_at').notNull(),
  },
  (table) => [index('service_request_comments_request_idx').on(table.requestId, table.createdAt, table.id)],
);

export const serviceRequestAttachments = organisationSchema.table(
  'service_request_attachments',
  {
    id: char('id', { length: 24 }).primaryKey(),
    requestId: char('request_id', { length: 24 })
      .notNull()
      .references(() => serviceRequests.id),
    mediaId: char('media_id', { length: 24 }).notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: stamp('created_at').notNull(),
  },
  (table) => [index('service_request_attachments_request_idx').on(table.requestId, table.createdAt, table.id)],
);

/** Append-only: the application has no UPDATE or DELETE for it; a persona's erasure scrubs entries (HistoryRepository.scrub). */
export const serviceRequestHistory = organisationSchema.table(
  'service_request_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: char('request_id', { length: 24 })
      .notNull()
      .references(() => serviceRequests.id),
    actorId: text('actor_id').notNull(),
    actorType: text('actor_type', { enum: ['ADMIN', 'REQUESTER', 'SYSTEM'] }).notNull(),
    action: text('action').notNull(),
    field: text('field'),
    oldValue: jsonb('old_value').$type<unknown>(),
    newValue: jsonb('new_value').$type<unknown>(),
    note: text('note'),
    /** Internal entries are never shown to the requester. */
    isInternal: boolean('is_internal').notNull(),
    createdAt: stamp('created_at').notNull(),
  },
  (table) => [index('service_request_history_request_idx').on(table.requestId, table.id)],
);

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type NewServiceRequestRow = typeof serviceRequests.$inferInsert;
export type CommentRow = typeof serviceRequestComments.$inferSelect;
export type AttachmentRow = typeof serviceRequestAttachments.$inferSelect;
export type HistoryRow = typeof serviceRequestHistory.$inferSelect;
export type NewHistoryRow = typeof serviceRequestHistory.$inferInsert;
