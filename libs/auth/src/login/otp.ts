import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
/** Wrong codes (or verifiers) one login step may take; then the step is spent. */
export const OTP_MAX_ATTEMPTS = 5;

/**
 * The two kinds of sign-in code (docs/adr/0065-sign-in-no-third-party-can-break.md): six digits as
 * usual, a long code when the subject's daily budget of six-digit guesses is held. A long code is
 * 16 characters of an alphabet without I, L, O and U (80 bits), e-mailed in four groups of four.
 */
export type OtpKind = 'short' | 'long';
export const LONG_OTP_LENGTH = 16;
const LONG_OTP_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SHORT_OTP = /^\d{6}$/;
const LONG_OTP = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** Six digits from the CSPRNG, leading zeros kept; or a long code, grouped for reading. */
export function generateOtp(kind: OtpKind = 'short'): string {
  if (kind === 'short') {
    return randomInt(0, 10 ** OTP_LENGTH)
      .toString()
      .padStart(OTP_LENGTH, '0');
  }
  const characters = Array.from({ length: LONG_OTP_LENGTH }, () => LONG_OTP_ALPHABET[randomInt(0, LONG_OTP_ALPHABET.length)]);
  return characters.join('').replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * What a typed code is compared as: a long code without its dashes or spaces, in capitals, with the
 * letters people mistake for digits read as those digits (O as 0, I and L as 1).
 */
export function canonicalOtp(otp: string): string {
  if (SHORT_OTP.test(otp)) return otp;
  return otp.replace(/[-\s]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

export function newOtpSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** The OTP is stored only as an HMAC keyed by a per-challenge salt, over its canonical form. */
export function hashOtp(otp: string, salt: string): string {
  return createHmac('sha256', salt).update(canonicalOtp(otp)).digest('base64url');
}

/** A code of another kind than the challenge's never matches, whatever it hashes to. */
export function otpMatches(otp: string, salt: string, storedHash: string, kind: OtpKind = 'short'): boolean {
  const canonical = canonicalOtp(otp);
  if (!(kind === 'short' ? SHORT_OTP : LONG_OTP).test(canonical)) return false;
  const given = Buffer.from(hashOtp(canonical, salt));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}
