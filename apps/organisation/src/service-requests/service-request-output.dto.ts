import { ApiProperty } from '@nestjs/swagger';
import { OBJECT_ID, PageInfoDto } from '@teamfit/common';
import type { AttachmentRow, CommentRow, HistoryRow, ServiceRequestRow, TypeMeta } from '../database/service-requests.tables';
import { LEVELS, PRIORITIES, REQUESTER_TYPES, SEVERITIES, SOURCES, STATUSES, TYPES } from './service-request.model';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
const DATE = { type: String, format: 'date-time', nullable: true } as const;

/** A ticket as administrators see it. */
export class ServiceRequestDto {
  @ApiProperty({ pattern: OBJECT_ID.source }) _id!: string;
  title!: string;
  description!: string | null;
  @ApiProperty({ enum: TYPES }) type!: string;
  @ApiProperty({ enum: STATUSES }) status!: string;
  @ApiProperty({ enum: SOURCES, nullable: true }) source!: string | null;
  @ApiProperty({ enum: REQUESTER_TYPES }) requesterType!: string;
  @ApiProperty({ description: 'Subject of the token that filed the ticket' }) requesterId!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) organisationId!: string | null;
  onBehalfOfUserId!: string | null;
  @ApiProperty({ enum: PRIORITIES }) priority!: string;
  @ApiProperty({ enum: SEVERITIES, nullable: true }) severity!: string | null;
  @ApiProperty({ enum: LEVELS, nullable: true }) urgency!: string | null;
  @ApiProperty({ enum: LEVELS, nullable: true }) impact!: string | null;
  category!: string | null;
  subCategory!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ format: 'date-time' }) dueAt!: string;
  slaBreached!: boolean;
  @ApiProperty({ description: 'Total time the SLA clock stood still so far (ms)' }) slaPausedMs!: number;
  @ApiProperty({ ...DATE, description: 'Since when the clock stands still; null while it runs' }) slaPausedAt!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) assigneeId!: string | null;
  assigneeTeam!: string | null;
  @ApiProperty(DATE) firstResponseAt!: string | null;
  @ApiProperty(DATE) resolvedAt!: string | null;
  @ApiProperty(DATE) closedAt!: string | null;
  reopenCount!: number;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'change, incident or bug block' }) typeMeta!: TypeMeta;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty(DATE) deletedAt!: string | null;
}

export class AttachmentDto {
  _id!: string;
  @ApiProperty({ description: 'Media file id: GET /media/media/:id' }) mediaId!: string;
  fileName!: string;
  mimeType!: string;
  size!: number;
  sha256!: string;
  uploadedBy!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class ServiceRequestDetailDto extends ServiceRequestDto {
  @ApiProperty({ type: [AttachmentDto] }) attachments!: AttachmentDto[];
}

export class ServiceRequestPageDto extends PageInfoDto {
  @ApiProperty({ type: [ServiceRequestDto] }) items!: ServiceRequestDto[];
}

export class CommentDto {
  _id!: string;
  authorId!: string;
  @ApiProperty({ enum: ['ADMIN', 'REQUESTER'] }) authorType!: string;
  text!: string;
  isInternal!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class HistoryEntryDto {
  id!: number;
  actorId!: string;
  @ApiProperty({ enum: ['ADMIN', 'REQUESTER', 'SYSTEM'] }) actorType!: string;
  @ApiProperty({ example: 'STATUS_CHANGED' }) action!: string;
  field!: string | null;
  @ApiProperty({ nullable: true, description: 'Any JSON value' }) oldValue!: unknown;
  @ApiProperty({ nullable: true, description: 'Any JSON value' }) newValue!: unknown;
  note!: string | null;
  isInternal!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class StatsDto {
  total!: number;
  @ApiProperty({ description: 'Tickets with slaBreached' }) slaBreached!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: 'Every status, 0 included' }) byStatus!: Record<
    string,
    number
  >;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' } }) byType!: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' } }) byPriority!: Record<string, number>;
}

export class ServiceRequestDeletedDto {
  @ApiProperty({ example: 'Service request deleted' }) message!: string;
}

/** What the requester sees of a ticket: no SLA, assignment, internal fields. */
export class HubServiceRequestDto {
  _id!: string;
  title!: string;
  description!: string | null;
  @ApiProperty({ enum: TYPES }) type!: string;
  @ApiProperty({ enum: STATUSES }) status!: string;
  @ApiProperty({ enum: PRIORITIES }) priority!: string;
  category!: string | null;
  @ApiProperty(DATE) firstResponseAt!: string | null;
  @ApiProperty(DATE) resolvedAt!: string | null;
  @ApiProperty(DATE) closedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class HubCommentViewDto {
  _id!: string;
  @ApiProperty({ enum: ['ADMIN', 'REQUESTER'], description: 'ADMIN: the support team' }) authorType!: string;
  text!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class HubHistoryEntryDto {
  action!: string;
  @ApiProperty({ enum: ['ADMIN', 'REQUESTER', 'SYSTEM'] }) actorType!: string;
  field!: string | null;
  @ApiProperty({ nullable: true }) oldValue!: unknown;
  @ApiProperty({ nullable: true }) newValue!: unknown;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class HubServiceRequestDetailDto extends HubServiceRequestDto {
  @ApiProperty({ type: [HubCommentViewDto] }) comments!: HubCommentViewDto[];
  @ApiProperty({ type: [HubHistoryEntryDto] }) history!: HubHistoryEntryDto[];
}

export class HubServiceRequestPageDto extends PageInfoDto {
  @ApiProperty({ type: [HubServiceRequestDto] }) items!: HubServiceRequestDto[];
}

export function mapTicket(row: ServiceRequestRow): ServiceRequestDto {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    source: row.source,
    requesterType: row.requesterType,
    requesterId: row.requesterId,
    organisationId: row.organisationId,
    onBehalfOfUserId: row.onBehalfOfUserId,
    priority: row.priority,
    severity: row.severity,
    urgency: row.urgency,
    impact: row.impact,
    category: row.category,
    subCategory: row.subCategory,
    tags: row.tags,
    dueAt: row.dueAt.toISOString(),
    slaBreached: row.slaBreached,
    slaPausedMs: row.slaPausedMs,
    slaPausedAt: iso(row.slaPausedAt),
    assigneeId: row.assigneeId,
    assigneeTeam: row.assigneeTeam,
    firstResponseAt: iso(row.firstResponseAt),
    resolvedAt: iso(row.resolvedAt),
    closedAt: iso(row.closedAt),
    reopenCount: row.reopenCount,
    typeMeta: row.typeMeta,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}

export function mapAttachment(row: AttachmentRow): AttachmentDto {
  const { id, mediaId, fileName, mimeType, size, sha256, uploadedBy, createdAt } = row;
  return { _id: id, mediaId, fileName, mimeType, size, sha256, uploadedBy, createdAt: createdAt.toISOString() };
}

export function mapComment(row: CommentRow): CommentDto {
  return {
    _id: row.id,
    authorId: row.authorId,
    authorType: row.authorType,
    text: row.text,
    isInternal: row.isInternal,
    createdAt: row.createdAt.toISOString(),
  };
}

export function mapHistory(row: HistoryRow): HistoryEntryDto {
  const { id, actorId, actorType, action, field, note, isInternal } = row;
  return {
    id,
    actorId,
    actorType,
    action,
    field,
    oldValue: row.oldValue ?? null,
    newValue: row.newValue ?? null,
    note,
    isInternal,
    createdAt: row.createdAt.toISOString(),
  };
}

export function mapHubTicket(row: ServiceRequestRow): HubServiceRequestDto {
  const { id, title, description, type, status, priority, category } = row;
  return {
    _id: id,
    title,
    description,
    type,
    status,
    priority,
    category,
    firstResponseAt: iso(row.firstResponseAt),
    resolvedAt: iso(row.resolvedAt),
    closedAt: iso(row.closedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function mapHubComment(row: CommentRow): HubCommentViewDto {
  return { _id: row.id, authorType: row.authorType, text: row.text, createdAt: row.createdAt.toISOString() };
}

export function mapHubHistory(row: HistoryRow): HubHistoryEntryDto {
  return {
    action: row.action,
    actorType: row.actorType,
    field: row.field,
    oldValue: row.oldValue ?? null,
    newValue: row.newValue ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
