import { Injectable } from '@nestjs/common';
import { type Clock, conflict, InjectClock, notFound } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase, type Transaction } from '@teamfit/database';
import { enqueueOutbox, type ServiceRequestStatusChangedData } from '@teamfit/outbox';
import { ObjectId } from 'bson';
import type { NewHistoryRow, NewServiceRequestRow, ServiceRequestRow } from '../database/service-requests.tables';
import { HistoryRepository } from './history.repository';
import { type Actor, type Status, transitionRefusal } from './service-request.model';
import { type TicketChanges, ServiceRequestRepository } from './service-request.repository';
import { clockOnStatusChange, isBreached } from './sla';

/** Who is acting: the token's subject, as an administrator or as the ticket's requester. */
export interface ActingUser {
  id: string;
  type: Actor;
}

export type HistoryDetails = Pick<NewHistoryRow, 'field' | 'oldValue' | 'newValue' | 'note'> & { isInternal: boolean };

export const NOT_FOUND = 'Service request';

/**
 * The pieces every change of a ticket shares, for the admin and the hub side alike: one
 * transaction per change holding the ticket row (FOR UPDATE), the status table, and history
 * entries written in that same transaction. It is the only writer of tickets and history for the
 * admin and hub services, which open a creation's transaction themselves and read through the
 * repositories.
 */
@Injectable()
export class ServiceRequestWorkflow {
  constructor(
    private readonly tickets: ServiceRequestRepository,
    private readonly history: HistoryRepository,
    @InjectDatabase() private readonly db: Database,
    @InjectClock() private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock();
  }

  newId(): string {
    return new ObjectId().toHexString();
  }

  /**
   * Runs `change` in one transaction with the ticket locked. A soft-deleted ticket, or (with
   * `visible`) one the caller may not see, is 404 exactly like a missing one.
   */
  mutate<T>(
    id: string,
    change: (tx: Transaction, row: ServiceRequestRow, now: Date) => Promise<T>,
    visible?: (row: ServiceRequestRow) => boolean,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const row = await this.tickets.lock(tx, id);
      if (!row || row.deletedAt !== null || (visible && !visible(row))) throw notFound(NOT_FOUND);
      return change(tx, row, this.now());
    });
  }

  async create(
    tx: Executor,
    values: Omit<NewServiceRequestRow, 'id' | 'searchVector' | 'slaBreached'>,
    actor: ActingUser,
    now: Date,
  ): Promise<ServiceRequestRow> {
    const row = await this.tickets.insert(tx, { ...values, id: this.newId(), slaBreached: now.getTime() > values.dueAt.getTime() });
    await this.record(tx, row.id, actor, 'CREATED', now, [
      {
        field: null,
        oldValue: null,
        newValue: { status: row.status, type: row.type, priority: row.priority },
        note: null,
        isInternal: false,
      },
    ]);
    return row;
  }

  async update(tx: Executor, id: string, changes: TicketChanges, now: Date): Promise<ServiceRequestRow> {
    return this.tickets.update(tx, id, { ...changes, updatedAt: now });
  }

  /** A status move checked against the one table, with its stamps, clock effects and history. */
  async moveStatus(
    tx: Executor,
    row: ServiceRequestRow,
    to: Status,
    actor: ActingUser,
    now: Date,
    note: string | null = null,
  ): Promise<ServiceRequestRow> {
    const refusal = transitionRefusal(row.status, to, actor.type);
    if (refusal) throw conflict(refusal);
    const changes: TicketChanges = { status: to, ...clockOnStatusChange(row, to, now) };
    if (to === 'RESOLVED') changes.resolvedAt = now;
    if (to === 'CLOSED') changes.closedAt = now;
    if (to === 'REOPENED') {
      changes.reopenCount = row.reopenCount + 1;
      changes.resolvedAt = null;
    }
    const updated = await this.update(tx, row.id, changes, now);
    await this.record(tx, row.id, actor, 'STATUS_CHANGED', now, [
      { field: 'status', oldValue: row.status, newValue: to, note, isInternal: false },
    ]);
    // In the move's transaction: the event exists exactly when the move does (docs/integrations.md, "Webhooks").
    const changed: ServiceRequestStatusChangedData = {
      serviceRequestId: row.id,
      previousStatus: row.status,
      status: to,
      changedAt: now.toISOString(),
    };
    await enqueueOutbox(tx, { type: 'service_request.status_changed', organisationId: row.organisationId, data: changed });
    return updated;
  }

  async record(tx: Executor, requestId: string, actor: ActingUser, action: string, now: Date, entries: HistoryDetails[]): Promise<void> {
    await this.history.append(
      tx,
      entries.map((entry) => ({ requestId, actorId: actor.id, actorType: actor.type, action, createdAt: now, ...entry })),
    );
  }

  /** Rewrites the ticket's full-text document after its title, description or public comments changed. */
  refreshSearch(tx: Executor, id: string): Promise<void> {
    return this.tickets.refreshSearch(tx, id);
  }

  /** Marks every ticket whose running clock has passed dueAt, before tickets are listed or counted. */
  markBreaches(now: Date): Promise<number> {
    return this.tickets.markBreaches(this.db, now);
  }

  /** Keeps slaBreached current before a ticket is read. */
  async refreshBreach(row: ServiceRequestRow): Promise<ServiceRequestRow> {
    const now = this.now();
    if (row.slaBreached || !isBreached(row, now)) return row;
    await this.tickets.markBreaches(this.db, now, row.id);
    return (await this.tickets.find(row.id)) ?? row;
  }
}
