import { pgSchema } from 'drizzle-orm/pg-core';

/** Every table of the profile service lives in this PostgreSQL schema; no other service writes here. */
export const profileSchema = pgSchema('profile');
