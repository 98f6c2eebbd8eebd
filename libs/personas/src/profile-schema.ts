import { pgSchema } from 'drizzle-orm/pg-core';

/**
 * The profile service's PostgreSQL schema. Its shared tables (personas, teammates, teams) are
 * declared in this library so that other services read them through `PersonaDirectory` rather than
 * with SQL of their own; only the profile service writes here.
 */
export const profileSchema = pgSchema('profile');
