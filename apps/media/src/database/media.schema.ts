import { bigint, boolean, char, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/** Every table of the media service lives in this PostgreSQL schema; no other service writes here. */
export const mediaSchema = pgSchema('media');

/**
 * One row per stored file. The bytes live on disk under MEDIA_DIR/files/<id>; a row exists only
 * once its file is complete (docs/media.md), so every row names a whole file.
 */
export const mediaFiles = mediaSchema.table('files', {
  /** 24-hex ObjectId string (docs/contract.md, "Identifiers"), also the file's name on disk. */
  id: char('id', { length: 24 }).primaryKey(),
  /** Sniffed from the content's magic bytes, never the client's claim. */
  mimeType: text('mime_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  originalName: text('original_name').notNull(),
  sha256: char('sha256', { length: 64 }).notNull(),
  isPublic: boolean('is_public').notNull().default(false),
  /** `sub` of the token that uploaded the file (an account id). */
  uploadedBy: text('uploaded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type NewMediaFileRow = typeof mediaFiles.$inferInsert;
