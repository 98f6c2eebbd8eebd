import { LruMap } from '@teamfit/common';
import type { VerifiedToken } from './token-claims';
import type { TokenSigner } from './token-signer';

/** Enough for every token in use at once on a busy service; ~1 KB each at most. */
export const DEFAULT_VERIFIED_TOKEN_CACHE_SIZE = 4_096;

/**
 * Remembers tokens that verified, keyed by the exact token string, so an ES256 signature is
 * checked once per token rather than once per request (it is most of a guarded request's CPU).
 *
 * Why this is safe:
 * - A hit needs the very same string that passed the full check before, under the same key,
 *   issuer and audience (all fixed for the life of the process). Signature, algorithm, type and
 *   claim checks depend on nothing else, so their answer cannot have changed.
 * - The one check that depends on time, expiry, is made again on every hit with the signer's clock.
 * - Only successes are kept: a forged or malformed token is verified (and refused) every time,
 *   and cannot displace entries without a valid signature.
 * - Tokens are stateless; nothing revokes one before it expires, so no revocation is skipped.
 * - The entry is frozen: one request cannot change what the next one reads.
 * - Bounded: past `maxEntries` the oldest entry goes, so memory stays small under any traffic.
 */
export class VerifiedTokenCache {
  private readonly entries: LruMap<string, VerifiedToken>;

  constructor(
    private readonly signer: TokenSigner,
    maxEntries: number = DEFAULT_VERIFIED_TOKEN_CACHE_SIZE,
  ) {
    this.entries = new LruMap(maxEntries);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Same answers as `TokenSigner.verify`, throwing TokenError alike. */
  verify(token: string): VerifiedToken {
    const cached = this.entries.get(token);
    if (cached !== undefined) {
      if (cached.exp > this.signer.nowSeconds()) return cached;
      this.entries.delete(token);
    }
    const verified = Object.freeze(this.signer.verify(token));
    this.entries.set(token, verified);
    return verified;
  }
}
