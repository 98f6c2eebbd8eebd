import { createHash, randomBytes } from 'node:crypto';

/** What every partner API key starts with, so a key found in a log or a repository is recognised as one. */
export const PARTNER_KEY_PREFIX = 'tfk_';

/** 32 random bytes, base64url: 43 characters after the prefix, 47 in all (Greenhouse takes fewer than 171). */
const KEY_BYTES = 32;

/** The shape of a key as issued: the prefix and 43 base64url characters. */
export const PARTNER_KEY_PATTERN = /^tfk_[A-Za-z0-9_-]{43}$/;

/** A new key, shown once to the administrator who asks for it. */
export function generatePartnerKey(): string {
  return PARTNER_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

/**
 * What is stored of a key and what a presented key is looked up by: SHA-256, hex. The key holds
 * 256 random bits, so no guess or precomputed table reaches a stored hash: a slow, salted password
 * hash would only cost each call its time (docs/adr/0088-partner-api-keys.md).
 */
export function partnerKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The last four characters, listed with the key so an administrator can tell which one a system holds. */
export function partnerKeyHint(key: string): string {
  return key.slice(-4);
}
