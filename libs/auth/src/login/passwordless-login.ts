import { DomainError } from '@teamfit/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { VerifiedToken } from '../tokens/token-claims';
import type { TokenSigner } from '../tokens/token-signer';
import type { LoginTables } from './login.tables';
import type { LoginSubjects } from './login-subjects';
import { generateOtp, hashOtp, newOtpSalt, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, otpMatches } from './otp';
import { pkceMatches } from './pkce';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** After this many consecutive failures, each login waits a growing delay. */
export const FAILURES_BEFORE_DELAY = 10;
const BASE_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface PasswordlessLoginOptions {
  db: NodePgDatabase<Record<string, never>>;
  tables: LoginTables;
  signer: TokenSigner;
  subjects: LoginSubjects;
  deliverOtp: (emailAddress: string, otp: string, validMinutes: number) => Promise<void>;
  /** The kind of the token that may only verify: `login` (accounts) or `persona-login`. */
  loginTokenKind: 'login' | 'persona-login';
  subjectName: string;
  now?: () => Date;
  /** Known and unknown e-mail addresses answer no sooner than this, so timing tells nothing. */
  responseFloorMs?: number;
}

const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
const newRefreshToken = (): string => randomBytes(32).toString('base64url');
const seconds = (date: Date, add: number): Date => new Date(date.getTime() + add * 1000);
/** Refusals found inside a transaction are returned, not thrown, so what was recorded commits. */
type Outcome<T> = { error: DomainError } | { pair: T };

const invalidOtp = () => new DomainError('validation_failed', 'The one-time password is invalid or has expired');

/** The e-mailed one-time password + PKCE sign-in, shared by accounts (/auth) and personas (/profile/persona). */
export class PasswordlessLogin {
  private readonly now: () => Date;

  constructor(private readonly options: PasswordlessLoginOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Starts a challenge and e-mails its code; the answer is a token good only for verify. */
  async login(emailAddress: string, codeChallenge: string): Promise<TokenPair> {
    const finishNoSoonerThan = Date.now() + (this.options.responseFloorMs ?? 400);
    try {
      return await this.startChallenge(emailAddress, codeChallenge);
    } finally {
      const wait = finishNoSoonerThan - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private async startChallenge(emailAddress: string, codeChallenge: string): Promise<TokenPair> {
    const { db, tables, subjects, signer } = this.options;
    const subject = await subjects.findByEmail(emailAddress);
    if (!subject) throw new DomainError('not_found', `No ${this.options.subjectName} is registered with this e-mail address`);
    if (subject.blocked) throw new DomainError('forbidden', `This ${this.options.subjectName} is blocked`);
    const now = this.now();
    const [throttle] = await db.select().from(tables.loginThrottles).where(eq(tables.loginThrottles.subjectId, subject.id));
    if (throttle?.lockedUntil && throttle.lockedUntil > now) {
      const waitSeconds = Math.ceil((throttle.lockedUntil.getTime() - now.getTime()) / 1000);
      throw new DomainError('rate_limited', `Too many failed sign-in attempts; try again in ${waitSeconds} seconds`);
    }

    const otp = generateOtp();
    const salt = newOtpSalt();
    const refreshToken = newRefreshToken();
    // One transaction: supersede the old challenge, store the new one and its pending refresh
    // token, and send the e-mail before committing, so a failed send leaves nothing behind.
    return db.transaction(async (tx) => {
      await tx
        .update(tables.loginChallenges)
        .set({ supersededAt: now })
        .where(and(eq(tables.loginChallenges.subjectId, subject.id), isNull(tables.loginChallenges.consumedAt), isNull(tables.loginChallenges.supersededAt)));
      const [challenge] = await tx
        .insert(tables.loginChallenges)
        .values({
          subjectId: subject.id,
          emailAddress: subject.emailAddress,
          codeChallenge,
          otpHash: hashOtp(otp, salt),
          otpSalt: salt,
          expiresAt: seconds(now, OTP_TTL_SECONDS),
        })
        .returning({ id: tables.loginChallenges.id });
      if (!challenge) throw new Error('challenge insert returned no row');
      await tx.insert(tables.refreshTokens).values({
        familyId: randomUUID(),
        tokenHash: hashRefreshToken(refreshToken),
        subjectId: subject.id,
        challengeId: challenge.id,
        expiresAt: seconds(now, REFRESH_TOKEN_TTL_SECONDS),
      });
      await this.options.deliverOtp(subject.emailAddress, otp, OTP_TTL_SECONDS / 60);
      const accessToken = signer.sign({
        sub: subject.id,
        kind: this.options.loginTokenKind,
        emailAddress: subject.emailAddress,
        challengeId: challenge.id,
      });
      return { accessToken, refreshToken };
    });
  }

  /**
   * Checks the PKCE verifier and the code of the login token's challenge. The challenge row is
   * locked, so of two concurrent verifies with the right code exactly one succeeds.
   */
  async verify(loginToken: VerifiedToken, otp: string, codeVerifier: string): Promise<TokenPair & { subjectId: string }> {
    const { db, tables } = this.options;
    const challengeId = loginToken.challengeId;
    if (loginToken.kind !== this.options.loginTokenKind || !challengeId) throw new DomainError('forbidden', 'This token cannot be used here');
    const now = this.now();
    const outcome = await db.transaction(async (tx): Promise<Outcome<TokenPair & { subjectId: string }>> => {
      const [challenge] = await tx.select().from(tables.loginChallenges).where(eq(tables.loginChallenges.id, challengeId)).for('update');
      if (!challenge || challenge.subjectId !== loginToken.sub) return { error: invalidOtp() };
      if (challenge.consumedAt || challenge.supersededAt || challenge.expiresAt <= now) return { error: invalidOtp() };
      if (challenge.attempts >= OTP_MAX_ATTEMPTS) {
        return { error: new DomainError('validation_failed', 'Too many wrong codes; start a new login') };
      }
      if (!pkceMatches(codeVerifier, challenge.codeChallenge) || !otpMatches(otp, challenge.otpSalt, challenge.otpHash)) {
        await tx.update(tables.loginChallenges).set({ attempts: sql`${tables.loginChallenges.attempts} + 1` }).where(eq(tables.loginChallenges.id, challenge.id));
        await this.recordFailure(tx, challenge.subjectId, now);
        return { error: new DomainError('validation_failed', 'The one-time password or the code verifier is wrong') };
      }
      const claims = await this.options.subjects.accessClaims(challenge.subjectId);
      if (!claims) return { error: new DomainError('forbidden', `This ${this.options.subjectName} can no longer sign in`) };
      await tx.update(tables.loginChallenges).set({ consumedAt: now }).where(eq(tables.loginChallenges.id, challenge.id));
      await tx.delete(tables.loginThrottles).where(eq(tables.loginThrottles.subjectId, challenge.subjectId));
      // The refresh token handed out at login becomes usable; a new one is issued as well, so the
      // answer carries a pair that never travelled before the code was proven.
      await tx.update(tables.refreshTokens).set({ revokedAt: now }).where(eq(tables.refreshTokens.challengeId, challenge.id));
      const refreshToken = newRefreshToken();
      await tx.insert(tables.refreshTokens).values({
        familyId: randomUUID(),
        tokenHash: hashRefreshToken(refreshToken),
        subjectId: challenge.subjectId,
        activatedAt: now,
        expiresAt: seconds(now, REFRESH_TOKEN_TTL_SECONDS),
      });
      return { pair: { accessToken: this.options.signer.sign(claims), refreshToken, subjectId: challenge.subjectId } };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.pair;
  }

  /** Rotates a refresh token; presenting one already rotated revokes its whole family. */
  async refresh(presented: string): Promise<TokenPair> {
    const { db, tables } = this.options;
    const now = this.now();
    const outcome = await db.transaction(async (tx): Promise<Outcome<TokenPair>> => {
      const [token] = await tx.select().from(tables.refreshTokens).where(eq(tables.refreshTokens.tokenHash, hashRefreshToken(presented))).for('update');
      const refused = new DomainError('forbidden', 'The refresh token is invalid, expired or revoked');
      if (!token || token.revokedAt || !token.activatedAt || token.expiresAt <= now) return { error: refused };
      if (token.rotatedAt) {
        await tx.update(tables.refreshTokens).set({ revokedAt: now }).where(and(eq(tables.refreshTokens.familyId, token.familyId), isNull(tables.refreshTokens.revokedAt)));
        return { error: new DomainError('forbidden', 'The refresh token was already used; every session of its family is signed out') };
      }
      const claims = await this.options.subjects.accessClaims(token.subjectId);
      if (!claims) return { error: refused };
      await tx.update(tables.refreshTokens).set({ rotatedAt: now }).where(eq(tables.refreshTokens.id, token.id));
      const refreshToken = newRefreshToken();
      await tx.insert(tables.refreshTokens).values({
        familyId: token.familyId,
        tokenHash: hashRefreshToken(refreshToken),
        subjectId: token.subjectId,
        activatedAt: now,
        expiresAt: seconds(now, REFRESH_TOKEN_TTL_SECONDS),
      });
      return { pair: { accessToken: this.options.signer.sign(claims), refreshToken } };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.pair;
  }

  private async recordFailure(tx: Pick<NodePgDatabase<Record<string, never>>, 'insert'>, subjectId: string, now: Date): Promise<void> {
    const { loginThrottles } = this.options.tables;
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
}
