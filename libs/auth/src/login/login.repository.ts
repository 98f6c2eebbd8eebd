import type { Executor } from '@teamfit/database';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ShortCodeStep } from './guess-budget';
import type { LoginTables } from './login.tables';

export type LoginChallengeRow = LoginTables['loginChallenges']['$inferSelect'];
export type NewLoginChallenge = Pick<
  LoginTables['loginChallenges']['$inferInsert'],
  'subjectId' | 'emailAddress' | 'codeChallenge' | 'otpHash' | 'otpSalt' | 'otpKind' | 'expiresAt' | 'createdAt'
>;
export type RefreshTokenRow = LoginTables['refreshTokens']['$inferSelect'];
export type NewRefreshToken = Pick<
  LoginTables['refreshTokens']['$inferInsert'],
  'familyId' | 'tokenHash' | 'subjectId' | 'challengeId' | 'activatedAt' | 'expiresAt' | 'sessionExpiresAt'
>;
export type LoginThrottleRow = LoginTables['loginThrottles']['$inferSelect'];

/** How a failure past the budget delays the subject: `baseSeconds` doubling per failure, up to `maxSeconds`. */
export interface ThrottleDelay {
  failuresBeforeDelay: number;
  baseSeconds: number;
  maxSeconds: number;
}

/** What removing a subject's sign-in state removed, table by table. */
export interface LoginRowCounts {
  loginChallenges: number;
  refreshTokens: number;
  loginThrottles: number;
}

/**
 * The one gateway to a service's sign-in tables (`login_challenges`, `refresh_tokens`,
 * `login_throttles`, in the schema the tables were created in): plain rows in, plain rows out, no
 * rules. The passwordless flow and the throttle decide; whoever removes a subject (a persona's
 * deletion or erasure) removes its rows here. Writes and locks take the caller's transaction.
 */
export class LoginRepository {
  constructor(private readonly tables: LoginTables) {}

  /** The subject's six-digit steps created after `since`: what the daily guess budget counts. */
  async shortCodeStepsSince(tx: Executor, subjectId: string, since: Date): Promise<ShortCodeStep[]> {
    const { loginChallenges } = this.tables;
    return tx
      .select({
        attempts: loginChallenges.attempts,
        expiresAt: loginChallenges.expiresAt,
        consumedAt: loginChallenges.consumedAt,
        supersededAt: loginChallenges.supersededAt,
      })
      .from(loginChallenges)
      .where(and(eq(loginChallenges.subjectId, subjectId), eq(loginChallenges.otpKind, 'short'), gt(loginChallenges.createdAt, since)));
  }

  /** The new challenge's id. */
  async insertChallenge(tx: Executor, values: NewLoginChallenge): Promise<string> {
    const { loginChallenges } = this.tables;
    const [challenge] = await tx.insert(loginChallenges).values(values).returning({ id: loginChallenges.id });
    if (!challenge) throw new Error('challenge insert returned no row');
    return challenge.id;
  }

  async findChallengeForUpdate(tx: Executor, id: string): Promise<LoginChallengeRow | undefined> {
    const { loginChallenges } = this.tables;
    const [challenge] = await tx.select().from(loginChallenges).where(eq(loginChallenges.id, id)).for('update');
    return challenge;
  }

  async addChallengeAttempt(tx: Executor, id: string): Promise<void> {
    const { loginChallenges } = this.tables;
    await tx
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(eq(loginChallenges.id, id));
  }

  async consumeChallenge(tx: Executor, id: string, now: Date): Promise<void> {
    const { loginChallenges } = this.tables;
    await tx.update(loginChallenges).set({ consumedAt: now }).where(eq(loginChallenges.id, id));
  }

  async insertRefreshToken(tx: Executor, values: NewRefreshToken): Promise<void> {
    await tx.insert(this.tables.refreshTokens).values(values);
  }

  async findRefreshToken(tokenHash: string, db: Executor): Promise<RefreshTokenRow | undefined> {
    const { refreshTokens } = this.tables;
    const [token] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return token;
  }

  async findRefreshTokenForUpdate(tx: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const { refreshTokens } = this.tables;
    const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
    return token;
  }

  /** Revokes the refresh token handed out with a challenge (it never becomes usable). */
  async revokeForChallenge(tx: Executor, challengeId: string, now: Date): Promise<void> {
    const { refreshTokens } = this.tables;
    await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.challengeId, challengeId));
  }

  /** Revokes every token of the family not revoked yet: the session ends. */
  async revokeFamily(tx: Executor, familyId: string, now: Date): Promise<void> {
    const { refreshTokens } = this.tables;
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async markRotated(tx: Executor, id: string, now: Date): Promise<void> {
    const { refreshTokens } = this.tables;
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, id));
  }

  /** Locks the key's row until the transaction ends, creating it if need be: a sign-in subject's logins queue on it. */
  async lockThrottle(tx: Executor, subjectId: string, now: Date): Promise<LoginThrottleRow | undefined> {
    const { loginThrottles } = this.tables;
    await tx.insert(loginThrottles).values({ subjectId, consecutiveFailures: 0, updatedAt: now }).onConflictDoNothing();
    const [throttle] = await tx.select().from(loginThrottles).where(eq(loginThrottles.subjectId, subjectId)).for('update');
    return throttle;
  }

  /** Counts one more consecutive failure; past the budget the subject is locked for the delay. */
  async recordFailure(tx: Executor, subjectId: string, now: Date, delay: ThrottleDelay): Promise<void> {
    const { loginThrottles } = this.tables;
    const failures = sql`${loginThrottles.consecutiveFailures} + 1`;
    const excess = sql`GREATEST(${loginThrottles.consecutiveFailures} + 1 - ${delay.failuresBeforeDelay}, 0)`;
    await tx
      .insert(loginThrottles)
      .values({ subjectId, consecutiveFailures: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: loginThrottles.subjectId,
        set: {
          consecutiveFailures: failures,
          updatedAt: now,
          lockedUntil: sql`CASE WHEN ${loginThrottles.consecutiveFailures} + 1 >= ${delay.failuresBeforeDelay}
            THEN ${now.toISOString()}::timestamptz + make_interval(secs => LEAST(${delay.baseSeconds} * power(2, ${excess}), ${delay.maxSeconds}))
            ELSE NULL END`,
        },
      });
  }

  async clearThrottle(tx: Executor, subjectId: string): Promise<void> {
    await tx.delete(this.tables.loginThrottles).where(eq(this.tables.loginThrottles.subjectId, subjectId));
  }

  /**
   * Removes the subject's sign-in state (its codes, sessions and lockout): the tables have no
   * foreign key to the subject, so whoever removes a subject calls this in its transaction.
   */
  async deleteSubject(tx: Executor, subjectId: string): Promise<LoginRowCounts> {
    const { loginChallenges, refreshTokens, loginThrottles } = this.tables;
    const tokens = await tx.delete(refreshTokens).where(eq(refreshTokens.subjectId, subjectId)).returning({ id: refreshTokens.id });
    const challenges = await tx
      .delete(loginChallenges)
      .where(eq(loginChallenges.subjectId, subjectId))
      .returning({ id: loginChallenges.id });
    const throttles = await tx
      .delete(loginThrottles)
      .where(eq(loginThrottles.subjectId, subjectId))
      .returning({ id: loginThrottles.subjectId });
    return { loginChallenges: challenges.length, refreshTokens: tokens.length, loginThrottles: throttles.length };
  }
}
