import { pgSchema } from 'drizzle-orm/pg-core';

/** Every table of the organisation service lives in this PostgreSQL schema; no other service writes here. */
export const organisationSchema = pgSchema('organisation');
