import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { asc, eq } from 'drizzle-orm';
import { type AttachmentRow, serviceRequestAttachments } from '../database/service-requests.tables';
import type { Transaction } from './service-request.repository';

/** The one gateway to `organisation.service_request_attachments`. */
@Injectable()
export class AttachmentRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(tx: Transaction, values: AttachmentRow): Promise<AttachmentRow> {
    const [row] = await tx.insert(serviceRequestAttachments).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  listFor(requestId: string): Promise<AttachmentRow[]> {
    return this.db
      .select()
      .from(serviceRequestAttachments)
      .where(eq(serviceRequestAttachments.requestId, requestId))
      .orderBy(asc(serviceRequestAttachments.createdAt), asc(serviceRequestAttachments.id));
  }
}
