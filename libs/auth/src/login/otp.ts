import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

export function newOtpSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** The OTP is stored only as an HMAC keyed by a per-challenge salt. */
export function hashOtp(otp: string, salt: string): string {
  return createHmac('sha256', salt).update(otp).digest('base64url');
}

export function otpMatches(otp: string, salt: string, storedHash: string): boolean {
  if (!/^\d{6}$/.test(otp)) return false;
  const given = Buffer.from(hashOtp(otp, salt));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}
