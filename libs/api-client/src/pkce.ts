/** A PKCE S256 pair: the verifier stays in the page, the challenge goes with the login step. */
export interface PkcePair {
  verifier: string;
  challenge: string;
}

/** WebCrypto as both the browser and Node give it. */
export type WebCrypto = Pick<typeof globalThis.crypto, 'subtle' | 'getRandomValues'>;

/** BASE64URL without padding, as PKCE writes its values. */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** BASE64URL(SHA-256(verifier)), computed with WebCrypto. */
export async function s256(verifier: string, crypto: WebCrypto = globalThis.crypto): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/**
 * A fresh verifier of 32 random bytes (43 BASE64URL characters, the shortest the platform takes:
 * docs/contract.md) and its challenge. The random bytes come from the platform's CSPRNG.
 */
export async function createPkcePair(crypto: WebCrypto = globalThis.crypto): Promise<PkcePair> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: await s256(verifier, crypto) };
}
