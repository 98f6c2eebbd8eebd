import { pgSchema } from 'drizzle-orm/pg-core';

/** Every table of the auth service lives in this PostgreSQL schema; no other service writes here. */
export const authSchema = pgSchema('auth');
