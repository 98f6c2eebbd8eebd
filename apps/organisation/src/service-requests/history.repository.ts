import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { and, asc, eq } from 'drizzle-orm';
import { type HistoryRow, type NewHistoryRow, serviceRequestHistory } from '../database/service-requests.tables';
import type { Transaction } from './service-request.repository';

/**
 * The one gateway to `organisation.service_request_history`. Append and read only: there is
 * deliberately no update or delete, and appends take the transaction of the change they record.
 */
@Injectable()
export class HistoryRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async append(tx: Transaction, entries: Array<Omit<NewHistoryRow, 'id'>>): Promise<void> {
    if (entries.length === 0) return;
    await tx.insert(serviceRequestHistory).values(entries);
  }

  /** In the order written; `publicOnly` leaves out what the requester must not see. */
  listFor(requestId: string, publicOnly: boolean): Promise<HistoryRow[]> {
    return this.db
      .select()
      .from(serviceRequestHistory)
      .where(and(eq(serviceRequestHistory.requestId, requestId), publicOnly ? eq(serviceRequestHistory.isInternal, false) : undefined))
      .orderBy(asc(serviceRequestHistory.id));
  }
}
