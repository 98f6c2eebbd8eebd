import { DomainError } from '@teamfit/common';
import type { Database } from '@teamfit/database';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { VerifiedToken } from '../tokens/token-claims';
import type { TokenSigner } from '../tokens/token-signer';
import type { LoginRepository } from './login.repository';
import type { LoginSubjects } from './login-subjects';
import { guessWindowStart, otpKindForNewStep } from './guess-budget';
import { generateOtp, hashOtp, newOtpSalt, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, otpMatches } from './otp';
import { pkceMatches } from './pkce';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A session (one refresh family) ends this long after its sign-in, however often it is refreshed. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface PasswordlessLoginOptions {
  db: Database;
  /** The sign-in tables of the service that runs the flow. */
  rows: LoginRepository;
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
const earlier = (a: Date, b: Date): Date => (a < b ? a : b);
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
    const { db, rows, subjects, signer } = this.options;
    const subject = await subjects.findByEmail(emailAddress);
    if (!subject) throw new DomainError('not_found', `No ${this.options.subjectName} is registered with this e-mail address`);
    if (subject.blocked) throw new DomainError('forbidden', `This ${this.options.subjectName} is blocked`);
    const now = this.now();
    const salt = newOtpSalt();
    const refreshToken = newRefreshToken();
    // One transaction under the subject's row lock, so concurrent logins of one subject read and
    // reserve the guess budget one after another. Each login step gets a code of its own and voids
    // no other step's: whoever else asks for codes for this address, the owner's step and code stay
    // good (docs/adr/0065-sign-in-no-third-party-can-break.md). The e-mail is sent before
    // committing, so a failed send leaves nothing behind.
    return db.transaction(async (tx) => {
      await rows.lockThrottle(tx, subject.id, now);
      const kind = otpKindForNewStep(await rows.shortCodeStepsSince(tx, subject.id, guessWindowStart(now)), now);
      const otp = generateOtp(kind);
      const challengeId = await rows.insertChallenge(tx, {
        subjectId: subject.id,
        emailAddress: subject.emailAddress,
        codeChallenge,
        otpHash: hashOtp(otp, salt),
        otpSalt: salt,
        otpKind: kind,
        expiresAt: seconds(now, OTP_TTL_SECONDS),
        createdAt: now,
      });
      await rows.insertRefreshToken(tx, {
        familyId: randomUUID(),
        tokenHash: hashRefreshToken(refreshToken),
        subjectId: subject.id,
        challengeId,
        expiresAt: seconds(now, REFRESH_TOKEN_TTL_SECONDS),
        sessionExpiresAt: seconds(now, SESSION_MAX_AGE_SECONDS),
      });
      await this.options.deliverOtp(subject.emailAddress, otp, OTP_TTL_SECONDS / 60);
      const accessToken = signer.sign({
        sub: subject.id,
        kind: this.options.loginTokenKind,
        emailAddress: subject.emailAddress,
        challengeId,
      });
      return { accessToken, refreshToken };
    });
  }

  /**
   * Checks the PKCE verifier and the code of the login token's challenge. Only the step's own
   * token reaches its challenge, and wrong tries count against that step alone (at most
   * `OTP_MAX_ATTEMPTS`), so nobody else's wrong codes stop the owner's right one. The challenge row
   * is locked, so of two concurrent verifies with the right code exactly one succeeds.
   */
  async verify(loginToken: VerifiedToken, otp: string, codeVerifier: string): Promise<TokenPair & { subjectId: string }> {
    const { db, rows } = this.options;
    const challengeId = loginToken.challengeId;
    if (loginToken.kind !== this.options.loginTokenKind || !challengeId)
      throw new DomainError('forbidden', 'This token cannot be used here');
    const now = this.now();
    const outcome = await db.transaction(async (tx): Promise<Outcome<TokenPair & { subjectId: string }>> => {
      const challenge = await rows.findChallengeForUpdate(tx, challengeId);
      if (!challenge || challenge.subjectId !== loginToken.sub) return { error: invalidOtp() };
      if (challenge.consumedAt || challenge.supersededAt || challenge.expiresAt <= now) return { error: invalidOtp() };
      if (challenge.attempts >= OTP_MAX_ATTEMPTS) {
        return { error: new DomainError('validation_failed', 'Too many wrong codes; start a new login') };
      }
      if (
        !pkceMatches(codeVerifier, challenge.codeChallenge) ||
        !otpMatches(otp, challenge.otpSalt, challenge.otpHash, challenge.otpKind)
      ) {
        await rows.addChallengeAttempt(tx, challenge.id);
        return { error: new DomainError('validation_failed', 'The one-time password or the code verifier is wrong') };
      }
      const claims = await this.options.subjects.accessClaims(challenge.subjectId);
      if (!claims) return { error: new DomainError('forbidden', `This ${this.options.subjectName} can no longer sign in`) };
      await rows.consumeChallenge(tx, challenge.id, now);
      // The refresh token handed out at login becomes usable; a new one is issued as well, so the
      // answer carries a pair that never travelled before the code was proven.
      await rows.revokeForChallenge(tx, challenge.id, now);
      const refreshToken = newRefreshToken();
      await rows.insertRefreshToken(tx, {
        familyId: randomUUID(),
        tokenHash: hashRefreshToken(refreshToken),
        subjectId: challenge.subjectId,
        activatedAt: now,
        expiresAt: seconds(now, Math.min(REFRESH_TOKEN_TTL_SECONDS, SESSION_MAX_AGE_SECONDS)),
        sessionExpiresAt: seconds(now, SESSION_MAX_AGE_SECONDS),
      });
      return { pair: { accessToken: this.options.signer.sign(claims), refreshToken, subjectId: challenge.subjectId } };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.pair;
  }

  /**
   * Signs a session out: the presented refresh token's whole family is revoked. Unknown, spent or
   * already revoked tokens change nothing and are not told apart, so logout can be repeated.
   */
  async logout(presented: string): Promise<void> {
    const { db, rows } = this.options;
    const now = this.now();
    await db.transaction(async (tx) => {
      const token = await rows.findRefreshToken(hashRefreshToken(presented), tx);
      if (!token) return;
      await rows.revokeFamily(tx, token.familyId, now);
    });
  }

  /** Rotates a refresh token; presenting one already rotated revokes its whole family. */
  async refresh(presented: string): Promise<TokenPair> {
    const { db, rows } = this.options;
    const now = this.now();
    const outcome = await db.transaction(async (tx): Promise<Outcome<TokenPair>> => {
      const token = await rows.findRefreshTokenForUpdate(tx, hashRefreshToken(presented));
      const refused = new DomainError('forbidden', 'The refresh token is invalid, expired or revoked');
      if (!token || token.revokedAt || !token.activatedAt || token.expiresAt <= now || token.sessionExpiresAt <= now)
        return { error: refused };
      if (token.rotatedAt) {
        await rows.revokeFamily(tx, token.familyId, now);
        return { error: new DomainError('forbidden', 'The refresh token was already used; every session of its family is signed out') };
      }
      const claims = await this.options.subjects.accessClaims(token.subjectId);
      if (!claims) return { error: refused };
      await rows.markRotated(tx, token.id, now);
      const refreshToken = newRefreshToken();
      await rows.insertRefreshToken(tx, {
        familyId: token.familyId,
        tokenHash: hashRefreshToken(refreshToken),
        subjectId: token.subjectId,
        activatedAt: now,
        // Rotation never carries a session past its absolute end.
        expiresAt: earlier(seconds(now, REFRESH_TOKEN_TTL_SECONDS), token.sessionExpiresAt),
        sessionExpiresAt: token.sessionExpiresAt,
      });
      return { pair: { accessToken: this.options.signer.sign(claims), refreshToken } };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.pair;
  }
}
