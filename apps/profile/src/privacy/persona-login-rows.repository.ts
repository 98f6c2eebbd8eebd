import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { profileLoginTables } from '../database/profile.schema';
import type { Executor } from '../personas/persona.repository';

export interface LoginRowCounts {
  loginChallenges: number;
  refreshTokens: number;
  loginThrottles: number;
}

/**
 * A persona's sign-in state (`login_challenges`, `refresh_tokens`, `login_throttles`, keyed by the
 * persona's id as subject). They have no foreign key to the persona, so removing a persona removes
 * them here, in its transaction: a deleted or erased persona leaves no code, session or lockout.
 * The auth service's tables of the same names hold accounts only.
 */
@Injectable()
export class PersonaLoginRowsRepository {
  async deleteFor(tx: Executor, personaId: string): Promise<LoginRowCounts> {
    const { loginChallenges, refreshTokens, loginThrottles } = profileLoginTables;
    const tokens = await tx.delete(refreshTokens).where(eq(refreshTokens.subjectId, personaId)).returning({ id: refreshTokens.id });
    const challenges = await tx.delete(loginChallenges).where(eq(loginChallenges.subjectId, personaId)).returning({ id: loginChallenges.id });
    const throttles = await tx.delete(loginThrottles).where(eq(loginThrottles.subjectId, personaId)).returning({ id: loginThrottles.subjectId });
    return { loginChallenges: challenges.length, refreshTokens: tokens.length, loginThrottles: throttles.length };
  }
}
