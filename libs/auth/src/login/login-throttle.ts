import { DomainError } from '@teamfit/common';
import { eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { LoginTables } from './login.tables';

/**
 * The per-subject failure budget: wrong codes count against the subject whichever challenge they
 * were typed for, so superseding a challenge never buys fresh guesses. Past the budget, login and
 * verify both wait a growing delay.
 */
export const FAILURES_BEFORE_DELAY = 10;
const BASE_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;

type Tx = Pick<NodePgDatabase<Record<string, never>>, 'insert' | 'select' | 'delete'>;

/** A refusal for the lockout, carrying how long to wait (the `Retry-After` header). */
export class SignInLockedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', `Too many failed sign-in attempts; try again in ${retryAfterSeconds} seconds`);
  }
}

export class LoginThrottle {
  constructor(private readonly tables: LoginTables) {}

  /**
   * Locks the subject's throttle row for the rest of the transaction (creating it if need be), so
   * logins and verifies of one subject run one after another; answers the lockout if one is running.
   * Every caller takes this lock before any challenge row, so the order is always the same.
   */
  async lock(tx: Tx, subjectId: string, now: Date): Promise<SignInLockedError | undefined> {
    const { loginThrottles } = this.tables;
    await tx.insert(loginThrottles).values({ subjectId, consecutiveFailures: 0, updatedAt: now }).onConflictDoNothing();
    const [throttle] = await tx.select().from(loginThrottles).where(eq(loginThrottles.subjectId, subjectId)).for('update');
    if (!throttle?.lockedUntil || throttle.lockedUntil <= now) return undefined;
    return new SignInLockedError(Math.ceil((throttle.lockedUntil.getTime() - now.getTime()) / 1000));
  }

  async recordFailure(tx: Tx, subjectId: string, now: Date): Promise<void> {
    const { loginThrottles } = this.tables;
    const failures = sql`${loginThrottles.consecutiveFailures} + 1`;
    const excess = sql`GREATEST(${loginThrottles.consecutiveFailures} + 1 - ${FAILURES_BEFORE_DELAY}, 0)`;
    await tx
      .insert(loginThrottles)
      .values({ subjectId, consecutiveFailures: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: loginThrottles.subjectId,
        set: {
          consecutiveFailures: failures,
          updatedAt: now,
          // From the 10th consecutive failure on: 30 s, 60 s, 120 s … up to 15 minutes.
          lockedUntil: sql`CASE WHEN ${loginThrottles.consecutiveFailures} + 1 >= ${FAILURES_BEFORE_DELAY}
            THEN ${now.toISOString()}::timestamptz + make_interval(secs => LEAST(${BASE_DELAY_SECONDS} * power(2, ${excess}), ${MAX_DELAY_SECONDS}))
            ELSE NULL END`,
        },
      });
  }

  async clear(tx: Tx, subjectId: string): Promise<void> {
    await tx.delete(this.tables.loginThrottles).where(eq(this.tables.loginThrottles.subjectId, subjectId));
  }
}
