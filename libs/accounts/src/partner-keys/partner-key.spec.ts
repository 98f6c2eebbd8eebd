import { createHash } from 'node:crypto';
import { generatePartnerKey, PARTNER_KEY_PATTERN, partnerKeyHash, partnerKeyHint } from './partner-key';

describe('partner API keys', () => {
  it('are tfk_ and 43 base64url characters: recognisable, shorter than the 171 Greenhouse takes, never twice the same', () => {
    const keys = Array.from({ length: 200 }, generatePartnerKey);
    for (const key of keys) {
      expect(key).toMatch(PARTNER_KEY_PATTERN);
      expect(key).toHaveLength(47);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are stored as their SHA-256 in hex and listed by their last four characters', () => {
    const key = 'tfk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
    expect(partnerKeyHash(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(partnerKeyHash(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(partnerKeyHint(key)).toBe('DEFG');
  });
});
