import fc from 'fast-check';
import { generateOtp, hashOtp, newOtpSalt, otpMatches } from './otp';

describe('one-time passwords', () => {
  it('are six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('are stored as a salted hash that never contains the code', () => {
    const salt = newOtpSalt();
    const hash = hashOtp('042917', salt);
    expect(hash).not.toContain('042917');
    expect(hashOtp('042917', newOtpSalt())).not.toBe(hash);
  });

  it('match only the code that was hashed, with its salt', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^\d{6}$/), (code, other) => {
        const salt = newOtpSalt();
        const hash = hashOtp(code, salt);
        expect(otpMatches(code, salt, hash)).toBe(true);
        expect(otpMatches(code, newOtpSalt(), hash)).toBe(false);
        if (other !== code) expect(otpMatches(other, salt, hash)).toBe(false);
      }),
    );
    const salt = newOtpSalt();
    expect(otpMatches('12345', salt, hashOtp('12345', salt))).toBe(false);
  });
});
