import { createLoginTables } from '@teamfit/auth';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Every table of the auth service lives in this PostgreSQL schema; no other service writes here. */
export const authSchema = pgSchema('auth');

export const { loginChallenges, refreshTokens, loginThrottles } = createLoginTables(authSchema);
export const authLoginTables = { loginChallenges, refreshTokens, loginThrottles };
