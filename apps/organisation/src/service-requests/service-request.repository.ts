import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase, InjectReadDatabase } from '@teamfit/database';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type NewServiceRequestRow, serviceRequests, type ServiceRequestRow } from '../database/service-requests.tables';
import type { Priority, RequestType, Status } from './service-request.model';

export type TicketChanges = Partial<Omit<NewServiceRequestRow, 'id' | 'searchVector' | 'createdAt'>>;

export interface TicketFilters {
  status?: Status;
  priority?: Priority;
  organisationId?: string;
  assigneeId?: string;
  createdFrom?: Date;
  createdTo?: Date;
  q?: string;
  includeDeleted?: boolean;
  requester?: { kind: 'account' | 'persona'; id: string };
}

export interface StatsRow {
  status: Status;
  type: RequestType;
  priority: Priority;
  total: number;
  breached: number;
}

/** The language of the full-text document and of the queries against it (they must agree). */
const TEXT_SEARCH_CONFIG = sql.raw(`'english'`);

/** The one gateway to `organisation.service_requests`: plain rows in, plain rows out, no rules. */
@Injectable()
export class ServiceRequestRepository {
  constructor(
    @InjectDatabase() private readonly db: Database,
    @InjectReadDatabase() private readonly reads: Database,
  ) {}

  async insert(tx: Executor, values: Omit<NewServiceRequestRow, 'searchVector'>): Promise<ServiceRequestRow> {
    const [row] = await tx
      .insert(serviceRequests)
      .values({ ...values, searchVector: sql`''::tsvector` })
      .returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    await this.refreshSearch(tx, row.id);
    return row;
  }

  async find(id: string, db: Executor = this.db): Promise<ServiceRequestRow | undefined> {
    const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    return row;
  }

  /** SELECT ... FOR UPDATE: concurrent changes of one ticket queue behind each other. */
  async lock(tx: Executor, id: string): Promise<ServiceRequestRow | undefined> {
    const [row] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).for('update');
    return row;
  }

  /** Locks several tickets, in id order so that two callers locking overlapping sets cannot deadlock. */
  async lockAll(tx: Executor, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(inArray(serviceRequests.id, [...ids]))
      .orderBy(asc(serviceRequests.id))
      .for('update');
  }

  async update(tx: Executor, id: string, changes: TicketChanges): Promise<ServiceRequestRow> {
    const [row] = await tx.update(serviceRequests).set(changes).where(eq(serviceRequests.id, id)).returning();
    if (!row) throw new Error('UPDATE ... RETURNING gave no row for a locked row');
    return row;
  }

  /** Rewrites the full-text document: title (weight A), description (B), public comments (C). */
  async refreshSearch(tx: Executor, id: string): Promise<void> {
    await tx.execute(sql`
      UPDATE organisation.service_requests r
         SET search_vector =
               setweight(to_tsvector(${TEXT_SEARCH_CONFIG}, r.title), 'A')
            || setweight(to_tsvector(${TEXT_SEARCH_CONFIG}, coalesce(r.description, '')), 'B')
            || setweight(to_tsvector(${TEXT_SEARCH_CONFIG}, coalesce((
                 SELECT string_agg(c.text, ' ' ORDER BY c.created_at, c.id)
                   FROM organisation.service_request_comments c
                  WHERE c.request_id = r.id AND NOT c.is_internal), '')), 'C')
       WHERE r.id = ${id}`);
  }

  /**
   * Newest first, id as tie-breaker, so pages do not shift between calls. From the read replica:
   * a ticket changed a moment ago may show its previous state for that moment.
   */
  async list(filters: TicketFilters, page: number, limit: number): Promise<{ rows: ServiceRequestRow[]; total: number }> {
    const where = and(...conditionsOf(filters));
    const [rows, [counted]] = await Promise.all([
      this.reads
        .select()
        .from(serviceRequests)
        .where(where)
        .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.reads.select({ total: count() }).from(serviceRequests).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Counts per (status, type, priority) of the tickets not deleted; the service folds them. */
  stats(filters: Pick<TicketFilters, 'organisationId' | 'assigneeId'>): Promise<StatsRow[]> {
    return this.db
      .select({
        status: serviceRequests.status,
        type: serviceRequests.type,
        priority: serviceRequests.priority,
        total: count(),
        breached: sql<number>`count(*) FILTER (WHERE ${serviceRequests.slaBreached})::int`,
      })
      .from(serviceRequests)
      .where(and(...conditionsOf(filters)))
      .groupBy(serviceRequests.status, serviceRequests.type, serviceRequests.priority);
  }

  /**
   * Marks every ticket whose running clock has passed dueAt (all of them, or one). A plain
   * UPDATE: it waits for a ticket locked by a change and then re-checks the condition.
   */
  async markBreaches(tx: Executor, now: Date, id?: string): Promise<number> {
    const updated = await tx
      .update(serviceRequests)
      .set({ slaBreached: true })
      .where(
        and(
          eq(serviceRequests.slaBreached, false),
          isNull(serviceRequests.slaPausedAt),
          lt(serviceRequests.dueAt, now),
          id === undefined ? undefined : eq(serviceRequests.id, id),
        ),
      )
      .returning({ id: serviceRequests.id });
    return updated.length;
  }
}

function conditionsOf(filters: TicketFilters): SQL[] {
  const conditions: Array<SQL | undefined> = [
    filters.includeDeleted ? undefined : isNull(serviceRequests.deletedAt),
    filters.status && eq(serviceRequests.status, filters.status),
    filters.priority && eq(serviceRequests.priority, filters.priority),
    filters.organisationId ? eq(serviceRequests.organisationId, filters.organisationId) : undefined,
    filters.assigneeId ? eq(serviceRequests.assigneeId, filters.assigneeId) : undefined,
    filters.createdFrom && gte(serviceRequests.createdAt, filters.createdFrom),
    filters.createdTo && lte(serviceRequests.createdAt, filters.createdTo),
    filters.q ? sql`${serviceRequests.searchVector} @@ websearch_to_tsquery(${TEXT_SEARCH_CONFIG}, ${filters.q})` : undefined,
    filters.requester &&
      and(eq(serviceRequests.requesterKind, filters.requester.kind), eq(serviceRequests.requesterId, filters.requester.id)),
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}
