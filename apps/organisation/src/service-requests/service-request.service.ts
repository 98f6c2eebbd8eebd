import { Injectable } from '@nestjs/common';
import { notFound, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import type { ServiceRequestRow, TypeMeta } from '../database/service-requests.tables';
import { AttachmentRepository } from './attachment.repository';
import { HistoryRepository } from './history.repository';
import type {
  AdminListQuery,
  CreateServiceRequestDto,
  StatsQuery,
  StatusChangeDto,
  TypeMetaInputDto,
  UpdateServiceRequestDto,
} from './service-request-input.dto';
import {
  type HistoryEntryDto,
  mapAttachment,
  mapHistory,
  mapTicket,
  type ServiceRequestDetailDto,
  type ServiceRequestDto,
  type ServiceRequestPageDto,
  type StatsDto,
} from './service-request-output.dto';
import { PRIORITIES, priorityOf, type RequestType, STATUSES, TYPES } from './service-request.model';
import { type TicketChanges, ServiceRequestRepository } from './service-request.repository';
import { type ActingUser, type HistoryDetails, NOT_FOUND, ServiceRequestWorkflow } from './service-request.workflow';
import { dueAtFor, isBreached } from './sla';

/** The typeMeta block each type may carry (the ticket's type selects the block: docs/service-requests.md). */
const BLOCK_OF_TYPE: Partial<Record<RequestType, keyof TypeMeta>> = { CHANGE_REQUEST: 'change', INCIDENT: 'incident', BUG: 'bug' };
const BLOCKS: ReadonlyArray<keyof TypeMeta> = ['change', 'incident', 'bug'];

/** Administrator side: create, read, list, stats, edit, status, delete. */
@Injectable()
export class ServiceRequestService {
  constructor(
    private readonly workflow: ServiceRequestWorkflow,
    private readonly tickets: ServiceRequestRepository,
    private readonly attachments: AttachmentRepository,
    private readonly history: HistoryRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async create(input: CreateServiceRequestDto, actor: ActingUser): Promise<ServiceRequestDto> {
    const type = input.type ?? 'QUESTION';
    const typeMeta = mergeTypeMeta(type, initialTypeMeta(type), input.typeMeta);
    const priority = input.priority ?? priorityOf(input.impact, input.urgency);
    const now = this.workflow.now();
    const onBehalf = Boolean(input.organisationId || input.onBehalfOfUserId);
    const row = await this.db.transaction((tx) =>
      this.workflow.create(
        tx,
        {
          title: input.title,
          description: input.description ?? null,
          type,
          status: 'NEW',
          source: input.source ?? null,
          requesterType: onBehalf ? 'ADMIN_ON_BEHALF' : 'ADMIN',
          requesterId: actor.id,
          requesterKind: 'account',
          organisationId: input.organisationId ?? null,
          onBehalfOfUserId: input.onBehalfOfUserId ?? null,
          priority,
          severity: input.severity ?? null,
          urgency: input.urgency ?? null,
          impact: input.impact ?? null,
          category: input.category ?? null,
          subCategory: input.subCategory ?? null,
          tags: input.tags ?? [],
          dueAt: input.dueAt ? new Date(input.dueAt) : dueAtFor(now, priority, 0),
          typeMeta,
          createdAt: now,
          updatedAt: now,
        },
        actor,
        now,
      ),
    );
    return mapTicket(row);
  }

  /** Administrators still read a soft-deleted ticket (deletedAt set): the audit trail stays. */
  async get(id: string): Promise<ServiceRequestDetailDto> {
    const found = await this.tickets.find(id);
    if (!found) throw notFound(NOT_FOUND);
    const row = await this.workflow.refreshBreach(found);
    const attachments = await this.attachments.listFor(id);
    return { ...mapTicket(row), attachments: attachments.map(mapAttachment) };
  }

  async list(query: AdminListQuery): Promise<ServiceRequestPageDto> {
    const now = this.workflow.now();
    await this.workflow.markBreaches(now);
    const { page, limit } = query;
    const { rows, total } = await this.tickets.list(
      {
        status: query.status,
        priority: query.priority,
        organisationId: query.organisationId,
        assigneeId: query.assigneeId,
        createdFrom: query.createdFrom ? new Date(query.createdFrom) : undefined,
        createdTo: query.createdTo ? new Date(query.createdTo) : undefined,
        q: query.q?.trim() ? query.q : undefined,
        includeDeleted: query.includeDeleted === true,
      },
      page,
      limit,
    );
    // The page comes from the read replica, which may not have replayed the marks just made on
    // the primary yet: the rule that made them shows them.
    return {
      items: rows.map((row) => mapTicket(row.slaBreached || !isBreached(row, now) ? row : { ...row, slaBreached: true })),
      total,
      page,
      limit,
    };
  }

  async stats(query: StatsQuery): Promise<StatsDto> {
    await this.workflow.markBreaches(this.workflow.now());
    const rows = await this.tickets.stats({ organisationId: query.organisationId, assigneeId: query.assigneeId });
    const zeros = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<string, number>;
    const stats: StatsDto = { total: 0, slaBreached: 0, byStatus: zeros(STATUSES), byType: zeros(TYPES), byPriority: zeros(PRIORITIES) };
    for (const row of rows) {
      stats.total += row.total;
      stats.slaBreached += row.breached;
      stats.byStatus[row.status] = (stats.byStatus[row.status] ?? 0) + row.total;
      stats.byType[row.type] = (stats.byType[row.type] ?? 0) + row.total;
      stats.byPriority[row.priority] = (stats.byPriority[row.priority] ?? 0) + row.total;
    }
    return stats;
  }

  /** One history entry per changed field, old and new value; nothing changed, nothing written. */
  update(id: string, input: UpdateServiceRequestDto, actor: ActingUser): Promise<ServiceRequestDto> {
    return this.workflow.mutate(id, async (tx, row, now) => {
      const changes = changesOf(row, input);
      const entries = Object.entries(changes).map(([field, value]): HistoryDetails => {
        const old: unknown = row[field as keyof ServiceRequestRow];
        return { field, oldValue: jsonOf(old), newValue: jsonOf(value), note: null, isInternal: true };
      });
      if (entries.length === 0) return mapTicket(row);
      const next: ServiceRequestRow = { ...row, ...changes };
      if (changes.dueAt !== undefined && isBreached(next, now)) changes.slaBreached = true;
      const updated = await this.workflow.update(tx, id, changes, now);
      await this.workflow.record(tx, id, actor, 'UPDATED', now, entries);
      if (changes.title !== undefined || changes.description !== undefined) await this.workflow.refreshSearch(tx, id);
      return mapTicket(updated);
    });
  }

  setStatus(id: string, input: StatusChangeDto, actor: ActingUser): Promise<ServiceRequestDto> {
    return this.workflow.mutate(id, async (tx, row, now) =>
      mapTicket(await this.workflow.moveStatus(tx, row, input.status, actor, now, input.note ?? null)),
    );
  }

  /** Soft delete: hidden from lists, later changes 404; the history keeps who and when. */
  remove(id: string, actor: ActingUser): Promise<void> {
    return this.workflow.mutate(id, async (tx, row, now) => {
      await this.workflow.update(tx, id, { deletedAt: now }, now);
      await this.workflow.record(tx, id, actor, 'DELETED', now, [
        { field: 'deletedAt', oldValue: null, newValue: now.toISOString(), note: null, isInternal: true },
      ]);
    });
  }

  async historyOf(id: string): Promise<HistoryEntryDto[]> {
    if (!(await this.tickets.find(id))) throw notFound(NOT_FOUND);
    return (await this.history.listFor(id, false)).map(mapHistory);
  }
}

function initialTypeMeta(type: RequestType): TypeMeta {
  return type === 'CHANGE_REQUEST' ? { change: { approvalStatus: 'PENDING', approverId: null, approvedAt: null, approvalNote: null } } : {};
}

/** Given blocks are merged field by field into the stored ones; a block of another type is 400. */
function mergeTypeMeta(type: RequestType, current: TypeMeta, input: TypeMetaInputDto | undefined): TypeMeta {
  if (!input) return current;
  const merged: TypeMeta = { ...current };
  for (const block of BLOCKS) {
    const given = input[block];
    if (given === undefined) continue;
    if (BLOCK_OF_TYPE[type] !== block) throw validationFailed(`typeMeta.${block} does not apply to ${type} service requests`);
    Object.assign(merged, { [block]: { ...current[block], ...definedOf(given) } });
  }
  return merged;
}

function definedOf(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}

const jsonOf = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));
const same = (a: unknown, b: unknown): boolean => JSON.stringify(jsonOf(a)) === JSON.stringify(jsonOf(b));

/**
 * The columns a PATCH really changes. Derived values follow their inputs: priority from impact ×
 * urgency when only those are given, dueAt from a new priority (keeping every pause so far) when
 * no dueAt is given, requesterType from the on-behalf fields on tickets filed by administrators.
 */
function changesOf(row: ServiceRequestRow, input: UpdateServiceRequestDto): TicketChanges {
  const wanted: TicketChanges = {};
  const copy = [
    'title',
    'description',
    'source',
    'severity',
    'urgency',
    'impact',
    'category',
    'subCategory',
    'tags',
    'organisationId',
    'onBehalfOfUserId',
  ] as const;
  for (const field of copy) {
    if (input[field] !== undefined) Object.assign(wanted, { [field]: input[field] });
  }
  if (input.typeMeta !== undefined) wanted.typeMeta = mergeTypeMeta(row.type, row.typeMeta, input.typeMeta);
  const impactOrUrgency = input.impact !== undefined || input.urgency !== undefined;
  const priority =
    input.priority ?? (impactOrUrgency ? priorityOf(wanted.impact ?? row.impact, wanted.urgency ?? row.urgency) : row.priority);
  wanted.priority = priority;
  if (input.dueAt !== undefined) wanted.dueAt = new Date(input.dueAt);
  else if (priority !== row.priority) wanted.dueAt = dueAtFor(row.createdAt, priority, row.slaPausedMs);
  if (row.requesterType === 'ADMIN' || row.requesterType === 'ADMIN_ON_BEHALF') {
    const organisationId = wanted.organisationId === undefined ? row.organisationId : wanted.organisationId;
    const onBehalfOfUserId = wanted.onBehalfOfUserId === undefined ? row.onBehalfOfUserId : wanted.onBehalfOfUserId;
    wanted.requesterType = organisationId || onBehalfOfUserId ? 'ADMIN_ON_BEHALF' : 'ADMIN';
  }
  const changes: TicketChanges = {};
  for (const [field, value] of Object.entries(wanted)) {
    if (!same(row[field as keyof ServiceRequestRow], value)) Object.assign(changes, { [field]: value });
  }
  return changes;
}
