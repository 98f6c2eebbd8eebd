import { Injectable } from '@nestjs/common';
import { conflict, forbidden, notFound } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { erasedPersonaIds } from '@teamfit/privacy';
import type { ServiceRequestRow } from '../database/service-requests.tables';
import { CommentRepository } from './comment.repository';
import { HistoryRepository } from './history.repository';
import type { HubCommentDto, HubCreateServiceRequestDto, HubListQuery } from './service-request-input.dto';
import {
  type HubCommentViewDto,
  type HubServiceRequestDetailDto,
  type HubServiceRequestDto,
  type HubServiceRequestPageDto,
  mapHubComment,
  mapHubHistory,
  mapHubTicket,
} from './service-request-output.dto';
import { FINAL_STATUSES, priorityOf } from './service-request.model';
import { ServiceRequestRepository } from './service-request.repository';
import { NOT_FOUND, ServiceRequestWorkflow } from './service-request.workflow';
import { dueAtFor } from './sla';

/** The requester: the subject of a persona or account token. */
export interface Requester {
  kind: 'account' | 'persona';
  id: string;
}

/**
 * Hub side: a requester's own tickets only (anyone else's is 404, like a missing one), public
 * comments only, and the public part of the history (creation, status moves, public comments).
 */
@Injectable()
export class HubServiceRequestService {
  constructor(
    private readonly workflow: ServiceRequestWorkflow,
    private readonly tickets: ServiceRequestRepository,
    private readonly comments: CommentRepository,
    private readonly history: HistoryRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async create(input: HubCreateServiceRequestDto, requester: Requester): Promise<HubServiceRequestDto> {
    const now = this.workflow.now();
    const priority = priorityOf(input.impact, input.urgency);
    const row = await this.db.transaction(async (tx) => {
      // The guard refuses an erased persona's token; this closes the seconds it may still trust it,
      // so nothing new is stored under an erased persona's id (docs/adr/0067-rights-read-from-the-account.md).
      if (requester.kind === 'persona' && (await erasedPersonaIds(tx, [requester.id])).length > 0) {
        throw forbidden('The persona of this token has been erased');
      }
      return this.workflow.create(
        tx,
        {
          title: input.title,
          description: input.description ?? null,
          type: input.type ?? 'QUESTION',
          status: 'NEW',
          source: 'HUB',
          requesterType: requester.kind === 'persona' ? 'PERSONA' : 'ACCOUNT',
          requesterId: requester.id,
          requesterKind: requester.kind,
          priority,
          urgency: input.urgency ?? null,
          impact: input.impact ?? null,
          category: input.category ?? null,
          dueAt: dueAtFor(now, priority, 0),
          typeMeta:
            input.type === 'CHANGE_REQUEST'
              ? { change: { approvalStatus: 'PENDING', approverId: null, approvedAt: null, approvalNote: null } }
              : {},
          createdAt: now,
          updatedAt: now,
        },
        { id: requester.id, type: 'REQUESTER' },
        now,
      );
    });
    return mapHubTicket(row);
  }

  async list(query: HubListQuery, requester: Requester): Promise<HubServiceRequestPageDto> {
    const { page, limit } = query;
    const { rows, total } = await this.tickets.list({ status: query.status, requester }, page, limit);
    return { items: rows.map(mapHubTicket), total, page, limit };
  }

  async get(id: string, requester: Requester): Promise<HubServiceRequestDetailDto> {
    const row = await this.own(id, requester);
    const [comments, history] = await Promise.all([this.comments.listFor(id, true), this.history.listFor(id, true)]);
    return { ...mapHubTicket(row), comments: comments.map(mapHubComment), history: history.map(mapHubHistory) };
  }

  async listComments(id: string, requester: Requester): Promise<HubCommentViewDto[]> {
    await this.own(id, requester);
    return (await this.comments.listFor(id, true)).map(mapHubComment);
  }

  /** A reply on a PENDING_CUSTOMER ticket moves it back to IN_PROGRESS (the table allows it). */
  reply(id: string, input: HubCommentDto, requester: Requester): Promise<HubCommentViewDto> {
    const actor = { id: requester.id, type: 'REQUESTER' as const };
    return this.workflow.mutate(
      id,
      async (tx, row, now) => {
        if (FINAL_STATUSES.includes(row.status)) throw conflict(`The service request is ${row.status}; it takes no more comments`);
        const comment = await this.comments.insert(tx, {
          id: this.workflow.newId(),
          requestId: id,
          authorId: requester.id,
          authorType: 'REQUESTER',
          text: input.text,
          isInternal: false,
          createdAt: now,
        });
        await this.workflow.update(tx, id, {}, now);
        await this.workflow.record(tx, id, actor, 'COMMENT_ADDED', now, [
          { field: null, oldValue: null, newValue: { commentId: comment.id, isInternal: false }, note: null, isInternal: false },
        ]);
        if (row.status === 'PENDING_CUSTOMER') await this.workflow.moveStatus(tx, row, 'IN_PROGRESS', actor, now, 'customer replied');
        await this.workflow.refreshSearch(tx, id);
        return mapHubComment(comment);
      },
      ownedBy(requester),
    );
  }

  /** The requester confirms the resolution: RESOLVED → CLOSED, checked against the table. */
  confirm(id: string, requester: Requester): Promise<HubServiceRequestDto> {
    return this.workflow.mutate(
      id,
      async (tx, row, now) => {
        if (row.status !== 'RESOLVED') throw conflict(`Only a RESOLVED service request can be confirmed; this one is ${row.status}`);
        return mapHubTicket(
          await this.workflow.moveStatus(tx, row, 'CLOSED', { id: requester.id, type: 'REQUESTER' }, now, 'confirmed by the requester'),
        );
      },
      ownedBy(requester),
    );
  }

  private async own(id: string, requester: Requester): Promise<ServiceRequestRow> {
    const row = await this.tickets.find(id);
    if (!row || row.deletedAt !== null || !ownedBy(requester)(row)) throw notFound(NOT_FOUND);
    return row;
  }
}

const ownedBy =
  (requester: Requester) =>
  (row: ServiceRequestRow): boolean =>
    row.requesterKind === requester.kind && row.requesterId === requester.id;
