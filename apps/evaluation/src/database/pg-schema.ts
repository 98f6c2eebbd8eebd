import { pgSchema } from 'drizzle-orm/pg-core';

/**
 * Every table of the evaluation service lives in this PostgreSQL schema; no other service writes here.
 * Declared on its own so table files (algorithm.tables.ts, …) and evaluation.schema.ts can share it
 * without an import cycle.
 */
export const evaluationSchema = pgSchema('evaluation');
