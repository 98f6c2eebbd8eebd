import { pgSchema } from 'drizzle-orm/pg-core';

/** Every table of the evaluation service lives in this PostgreSQL schema; no other service writes here. */
export const evaluationSchema = pgSchema('evaluation');
