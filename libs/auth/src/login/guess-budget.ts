import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, type OtpKind } from './otp';

/**
 * The daily budget of six-digit guesses per subject (docs/adr/0065-sign-in-no-third-party-can-break.md).
 *
 * Every login step gets its own code and at most `OTP_MAX_ATTEMPTS` wrong tries. A step whose code
 * is six digits holds that many guesses of the subject's budget from the moment it is created
 * until it ends (used, spent or expired), when it gives back what it did not use. A new step gets
 * a six-digit code only if the budget still has room for all its tries; otherwise it gets a long
 * code, which no number of guesses finds. So nobody is ever refused a code, and however many
 * steps and addresses an attacker uses, at most `SHORT_GUESSES_PER_DAY` wrong six-digit codes are
 * checked for one subject in any 24 hours.
 */
export const SHORT_GUESSES_PER_DAY = 20;

/**
 * Steps created this far back count: a step created just before a 24-hour period can still be
 * guessed during its first minutes, so the window is a day plus a code's lifetime.
 */
export const GUESS_WINDOW_MS = (24 * 60 * 60 + OTP_TTL_SECONDS) * 1000;

/** What the budget needs of a six-digit step. */
export interface ShortCodeStep {
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
  supersededAt?: Date | null;
}

/** Guesses a step holds: all its tries while it can still be guessed, afterwards the ones it used. */
export function guessesHeld(step: ShortCodeStep, now: Date): number {
  const open = !step.consumedAt && !step.supersededAt && step.expiresAt > now && step.attempts < OTP_MAX_ATTEMPTS;
  return open ? OTP_MAX_ATTEMPTS : Math.min(step.attempts, OTP_MAX_ATTEMPTS);
}

/** The six-digit steps created since this instant count against the budget at `now`. */
export function guessWindowStart(now: Date): Date {
  return new Date(now.getTime() - GUESS_WINDOW_MS);
}

/** The kind of code a new step gets, given the subject's six-digit steps created since `guessWindowStart(now)`. */
export function otpKindForNewStep(recentShortSteps: readonly ShortCodeStep[], now: Date): OtpKind {
  const held = recentShortSteps.reduce((sum, step) => sum + guessesHeld(step, now), 0);
  return held + OTP_MAX_ATTEMPTS <= SHORT_GUESSES_PER_DAY ? 'short' : 'long';
}
