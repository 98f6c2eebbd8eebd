import { DomainError } from '@teamfit/common';
import type { Executor } from '@teamfit/database';
import type { LoginRepository } from './login.repository';

/**
 * A failure budget with a growing delay, for a code only its owner can try: a persona confirming
 * its own new address (the key `email-change:<personaId>`). Wrong codes count against the key
 * whichever code they were typed for, so asking for a new code never buys fresh guesses. Sign-in
 * does not use it: anyone may try codes there, so a lockout would be anyone's to trigger
 * (docs/adr/0065-sign-in-no-third-party-can-break.md).
 */
export const FAILURES_BEFORE_DELAY = 10;
const BASE_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;

/** A refusal for the lockout, carrying how long to wait (the `Retry-After` header). */
export class SignInLockedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', `Too many failed sign-in attempts; try again in ${retryAfterSeconds} seconds`);
  }
}

export class LoginThrottle {
  private static readonly delay = {
    failuresBeforeDelay: FAILURES_BEFORE_DELAY,
    baseSeconds: BASE_DELAY_SECONDS,
    maxSeconds: MAX_DELAY_SECONDS,
  };

  constructor(private readonly rows: LoginRepository) {}

  /**
   * Locks the subject's throttle row for the rest of the transaction (creating it if need be), so
   * logins and verifies of one subject run one after another; answers the lockout if one is running.
   * Every caller takes this lock before any challenge row, so the order is always the same.
   */
  async lock(tx: Executor, subjectId: string, now: Date): Promise<SignInLockedError | undefined> {
    const throttle = await this.rows.lockThrottle(tx, subjectId, now);
    if (!throttle?.lockedUntil || throttle.lockedUntil <= now) return undefined;
    return new SignInLockedError(Math.ceil((throttle.lockedUntil.getTime() - now.getTime()) / 1000));
  }

  /** From the 10th consecutive failure on: 30 s, 60 s, 120 s … up to 15 minutes. */
  recordFailure(tx: Executor, subjectId: string, now: Date): Promise<void> {
    return this.rows.recordFailure(tx, subjectId, now, LoginThrottle.delay);
  }

  clear(tx: Executor, subjectId: string): Promise<void> {
    return this.rows.clearThrottle(tx, subjectId);
  }
}
