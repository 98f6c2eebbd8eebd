import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { and, asc, eq } from 'drizzle-orm';
import { type HistoryRow, type NewHistoryRow, serviceRequestHistory } from '../database/service-requests.tables';

/**
 * The one gateway to `organisation.service_request_history`. Append and read only for the
 * application: there is deliberately no update or delete, and appends take the transaction of the
 * change they record. A persona's erasure is the one exception (`scrub`).
 */
@Injectable()
export class HistoryRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async append(tx: Executor, entries: Array<Omit<NewHistoryRow, 'id'>>): Promise<void> {
    if (entries.length === 0) return;
    await tx.insert(serviceRequestHistory).values(entries);
  }

  /** Erasure only: replaces the persona's traces in one entry, which otherwise never changes. */
  async scrub(tx: Executor, id: number, changes: Pick<HistoryRow, 'actorId' | 'note' | 'oldValue' | 'newValue'>): Promise<void> {
    await tx.update(serviceRequestHistory).set(changes).where(eq(serviceRequestHistory.id, id));
  }

  /** In the order written; `publicOnly` leaves out what the requester must not see. */
  listFor(requestId: string, publicOnly: boolean, db: Executor = this.db): Promise<HistoryRow[]> {
    return db
      .select()
      .from(serviceRequestHistory)
      .where(and(eq(serviceRequestHistory.requestId, requestId), publicOnly ? eq(serviceRequestHistory.isInternal, false) : undefined))
      .orderBy(asc(serviceRequestHistory.id));
  }
}
