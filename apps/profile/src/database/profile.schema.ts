import { createLoginTables } from '@teamfit/auth';
import { profileSchema } from '@teamfit/personas';

/**
 * Every table of the profile service lives in the `profile` PostgreSQL schema; no other service
 * writes here. Personas, teammates and teams are declared in libs/personas (other services read
 * them through PersonaDirectory); the persona sign-in tables are the shared login tables.
 */
export { personas, profileSchema, teammates, teams } from '@teamfit/personas';

export const { loginChallenges, refreshTokens, loginThrottles } = createLoginTables(profileSchema);
export const profileLoginTables = { loginChallenges, refreshTokens, loginThrottles };
export { personaEmailChanges } from '../personas/persona-email-change.table';
/** Erasure records: written here, read by the services that erase their part (libs/privacy). */
export { personaErasures } from '@teamfit/privacy';
/** Self-reported demographics: declared in libs/demographics, which scoring code may not import. */
export { personaDemographics } from '@teamfit/demographics';
