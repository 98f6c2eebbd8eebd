import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { asc, eq } from 'drizzle-orm';
import { type AttachmentRow, serviceRequestAttachments } from '../database/service-requests.tables';

/** The one gateway to `organisation.service_request_attachments`. */
@Injectable()
export class AttachmentRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(tx: Executor, values: AttachmentRow): Promise<AttachmentRow> {
    const [row] = await tx.insert(serviceRequestAttachments).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Erasure only: an attachment's row otherwise never changes once written. */
  async scrub(tx: Executor, id: string, changes: Pick<AttachmentRow, 'uploadedBy' | 'fileName'>): Promise<void> {
    await tx.update(serviceRequestAttachments).set(changes).where(eq(serviceRequestAttachments.id, id));
  }

  listFor(requestId: string, db: Executor = this.db): Promise<AttachmentRow[]> {
    return db
      .select()
      .from(serviceRequestAttachments)
      .where(eq(serviceRequestAttachments.requestId, requestId))
      .orderBy(asc(serviceRequestAttachments.createdAt), asc(serviceRequestAttachments.id));
  }
}
