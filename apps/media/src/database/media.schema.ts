import { pgSchema } from 'drizzle-orm/pg-core';

/** Every table of the media service lives in this PostgreSQL schema; no other service writes here. */
export const mediaSchema = pgSchema('media');
