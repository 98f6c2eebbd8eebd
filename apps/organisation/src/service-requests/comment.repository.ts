import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { and, asc, eq } from 'drizzle-orm';
import { type CommentRow, serviceRequestComments } from '../database/service-requests.tables';
import type { Transaction } from './service-request.repository';

/** The one gateway to `organisation.service_request_comments`. */
@Injectable()
export class CommentRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(tx: Transaction, values: CommentRow): Promise<CommentRow> {
    const [row] = await tx.insert(serviceRequestComments).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Oldest first, as a conversation reads; `publicOnly` for the requester. */
  listFor(requestId: string, publicOnly: boolean): Promise<CommentRow[]> {
    return this.db
      .select()
      .from(serviceRequestComments)
      .where(and(eq(serviceRequestComments.requestId, requestId), publicOnly ? eq(serviceRequestComments.isInternal, false) : undefined))
      .orderBy(asc(serviceRequestComments.createdAt), asc(serviceRequestComments.id));
  }
}
