import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { eq } from 'drizzle-orm';
import { mediaFiles, type MediaFileRow, type NewMediaFileRow } from '../database/media.schema';

/** The one gateway to `media.files`: plain rows in, plain rows out, no rules. */
@Injectable()
export class MediaFileRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async findById(id: string): Promise<MediaFileRow | undefined> {
    const [row] = await this.db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
    return row;
  }

  async insert(tx: Executor, values: NewMediaFileRow): Promise<MediaFileRow> {
    const [row] = await tx.insert(mediaFiles).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  async delete(tx: Executor, id: string): Promise<MediaFileRow | undefined> {
    const [row] = await tx.delete(mediaFiles).where(eq(mediaFiles.id, id)).returning();
    return row;
  }
}
