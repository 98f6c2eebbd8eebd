import fc from 'fast-check';
import {
  GUESS_WINDOW_MS,
  guessesHeld,
  guessWindowStart,
  otpKindForNewStep,
  SHORT_GUESSES_PER_DAY,
  type ShortCodeStep,
} from './guess-budget';
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, type OtpKind } from './otp';

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 1);
const at = (ms: number): Date => new Date(T0 + ms);
const step = (createdMs: number, attempts = 0, consumedMs?: number): ShortCodeStep => ({
  attempts,
  expiresAt: at(createdMs + OTP_TTL_SECONDS * 1000),
  consumedAt: consumedMs === undefined ? null : at(consumedMs),
});

describe('the daily budget of six-digit guesses', () => {
  it('an open step holds all its tries; an ended one only those it used', () => {
    expect(guessesHeld(step(0), at(1000))).toBe(OTP_MAX_ATTEMPTS);
    expect(guessesHeld(step(0, 2), at(1000))).toBe(OTP_MAX_ATTEMPTS);
    expect(guessesHeld(step(0, 2, 500), at(1000))).toBe(2);
    expect(guessesHeld(step(0, 3), at(OTP_TTL_SECONDS * 1000))).toBe(3);
    expect(guessesHeld(step(0, OTP_MAX_ATTEMPTS), at(1000))).toBe(OTP_MAX_ATTEMPTS);
    expect(guessesHeld({ ...step(0, 1), supersededAt: at(10) }, at(1000))).toBe(1);
  });

  it('gives six digits while the budget has room for a whole step, then long codes', () => {
    const now = at(60_000);
    const full = Array.from({ length: SHORT_GUESSES_PER_DAY / OTP_MAX_ATTEMPTS }, () => step(0));
    expect(otpKindForNewStep(full.slice(1), now)).toBe('short');
    expect(otpKindForNewStep(full, now)).toBe('long');
    // Steps used with the right code first time give their tries back.
    expect(
      otpKindForNewStep(
        full.map(() => step(0, 0, 1000)),
        now,
      ),
    ).toBe('short');
  });

  it('counts the steps of a day and a code lifetime back', () => {
    const now = at(3 * DAY_MS);
    expect(guessWindowStart(now).getTime()).toBe(now.getTime() - GUESS_WINDOW_MS);
    expect(GUESS_WINDOW_MS).toBe(DAY_MS + OTP_TTL_SECONDS * 1000);
  });

  // A model of the server: whoever creates steps and tries codes, in whatever order and at
  // whatever times, no 24 hours see more than SHORT_GUESSES_PER_DAY wrong six-digit codes checked,
  // and every login gets a step (a code the owner can use), six digits or long.
  it('never lets more than the budget of wrong six-digit codes be checked in any 24 hours', () => {
    type Action = { kind: 'login' } | { kind: 'guess'; pick: number } | { kind: 'owner'; typos: number } | { kind: 'wait'; ms: number };
    // Mostly bursts of logins and guesses minutes apart, now and then hours pass.
    const action: fc.Arbitrary<Action> = fc.oneof(
      { arbitrary: fc.constant<Action>({ kind: 'login' }), weight: 3 },
      { arbitrary: fc.nat(1000).map<Action>((pick) => ({ kind: 'guess', pick })), weight: 12 },
      { arbitrary: fc.nat(OTP_MAX_ATTEMPTS - 1).map<Action>((typos) => ({ kind: 'owner', typos })), weight: 1 },
      { arbitrary: fc.integer({ min: 1, max: 120_000 }).map<Action>((ms) => ({ kind: 'wait', ms })), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 6 * 60 * 60 * 1000 }).map<Action>((ms) => ({ kind: 'wait', ms })), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(action, { minLength: 100, maxLength: 400, size: 'max' }), (actions) => {
        let now = 0;
        const steps: Array<ShortCodeStep & { createdMs: number; otpKind: OtpKind }> = [];
        const wrongShortGuesses: number[] = [];
        const open = (s: ShortCodeStep): boolean => !s.consumedAt && s.expiresAt > at(now) && s.attempts < OTP_MAX_ATTEMPTS;
        const login = () => {
          const recent = steps.filter((s) => s.otpKind === 'short' && at(s.createdMs) > guessWindowStart(at(now)));
          const created = { ...step(now), createdMs: now, otpKind: otpKindForNewStep(recent, at(now)) };
          steps.push(created);
          return created;
        };
        for (const next of actions) {
          if (next.kind === 'login') login();
          if (next.kind === 'wait') now += next.ms;
          if (next.kind === 'guess') {
            const live = steps.filter(open);
            const target = live[next.pick % Math.max(live.length, 1)];
            if (!target) continue;
            target.attempts += 1;
            if (target.otpKind === 'short') wrongShortGuesses.push(now);
          }
          if (next.kind === 'owner') {
            const own = login();
            for (let typo = 0; typo < next.typos; typo += 1) {
              own.attempts += 1;
              if (own.otpKind === 'short') wrongShortGuesses.push(now);
            }
            // The owner's right code is still accepted: the step is open, whatever others did.
            expect(open(own)).toBe(true);
            own.consumedAt = at(now);
          }
        }
        for (const time of wrongShortGuesses) {
          const inDay = wrongShortGuesses.filter((other) => other >= time && other < time + DAY_MS).length;
          expect(inDay).toBeLessThanOrEqual(SHORT_GUESSES_PER_DAY);
        }
      }),
      { numRuns: 300 },
    );
  });
});
