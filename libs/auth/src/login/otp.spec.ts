import fc from 'fast-check';
import { canonicalOtp, generateOtp, hashOtp, newOtpSalt, otpMatches } from './otp';

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

  it('long codes: 16 characters in four groups, no I, L, O or U, 80 bits', () => {
    const codes = Array.from({ length: 2000 }, () => generateOtp('long'));
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('').replace(/-/g, ''))).toHaveProperty('size', 32);
  });

  it('a long code matches however it is typed, and never as the other kind', () => {
    const salt = newOtpSalt();
    const code = generateOtp('long');
    const hash = hashOtp(code, salt);
    for (const typed of [code, code.replace(/-/g, ''), code.toLowerCase(), code.replace(/-/g, ' ')]) {
      expect(otpMatches(typed, salt, hash, 'long')).toBe(true);
    }
    expect(otpMatches(code, salt, hash, 'short')).toBe(false);
    expect(canonicalOtp('o1lI-0000-0000-0000')).toBe('0111000000000000');
    const short = generateOtp();
    expect(otpMatches(short, salt, hashOtp(short, salt), 'long')).toBe(false);
    expect(otpMatches(short, salt, hashOtp(short, salt), 'short')).toBe(true);
  });
});
