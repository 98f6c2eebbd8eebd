import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { and, asc, eq } from 'drizzle-orm';
import { type CommentRow, serviceRequestComments } from '../database/service-requests.tables';

/** The one gateway to `organisation.service_request_comments`. */
@Injectable()
export class CommentRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(tx: Executor, values: CommentRow): Promise<CommentRow> {
    const [row] = await tx.insert(serviceRequestComments).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Erasure only: comments otherwise never change once written. */
  async scrub(tx: Executor, id: string, changes: Pick<CommentRow, 'authorId' | 'text'>): Promise<void> {
    await tx.update(serviceRequestComments).set(changes).where(eq(serviceRequestComments.id, id));
  }

  /** Oldest first, as a conversation reads; `publicOnly` for the requester. */
  listFor(requestId: string, publicOnly: boolean, db: Executor = this.db): Promise<CommentRow[]> {
    return db
      .select()
      .from(serviceRequestComments)
      .where(and(eq(serviceRequestComments.requestId, requestId), publicOnly ? eq(serviceRequestComments.isInternal, false) : undefined))
      .orderBy(asc(serviceRequestComments.createdAt), asc(serviceRequestComments.id));
  }
}
