import { type ErasureIdentity, SHORTEST_SCRUBBED_NAME } from './erasure-identity';

/** What stands where an erased persona's id, address or name was. */
export const ERASED_MARKER = '[erased]';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The forms a text takes in a URL and in JSON text, besides itself. */
function spellingsOf(text: string): string[] {
  return [...new Set([text, encodeURIComponent(text), JSON.stringify(text).slice(1, -1)])];
}

/**
 * Finds and removes a persona's identity in free text and JSON: its id and e-mail addresses
 * wherever they appear (ignoring case, also URL-encoded), its names only as whole words, so a
 * first name "Ann" leaves "Annual" alone. What it finds becomes `[erased]`.
 */
export class IdentityScrubber {
  private readonly pattern: RegExp | undefined;
  /** Needles for a first, coarse ILIKE filter in SQL; the scrubber decides on each row. */
  readonly likePatterns: string[];

  /** `exactOnly`: only the id and addresses, for text that is not the persona's own (a name may be someone else's). */
  constructor(identity: ErasureIdentity, options: { exactOnly?: boolean } = {}) {
    const exact = [identity.personaId, ...identity.emailAddresses].filter((text) => text.length > 0).flatMap(spellingsOf);
    const names = options.exactOnly
      ? []
      : identity.names.filter((name) => name.trim().length >= SHORTEST_SCRUBBED_NAME).flatMap(spellingsOf);
    const needles = [
      ...exact.map((text) => ({ text, pattern: escapeRegExp(text) })),
      ...names.map((text) => ({ text, pattern: `(?<![\\p{L}\\p{N}_])${escapeRegExp(text)}(?![\\p{L}\\p{N}_])` })),
    ];
    // Longest first, so an address is replaced whole before a name inside it.
    needles.sort((a, b) => b.text.length - a.text.length);
    this.pattern = needles.length > 0 ? new RegExp(needles.map((needle) => needle.pattern).join('|'), 'giu') : undefined;
    this.likePatterns = [...new Set([...exact, ...names])].map((text) => `%${escapeLike(text)}%`);
  }

  /** Whether the text holds any of the identity. */
  finds(text: string): boolean {
    if (!this.pattern) return false;
    this.pattern.lastIndex = 0;
    return this.pattern.test(text);
  }

  scrubText(text: string): string {
    return this.pattern ? text.replace(this.pattern, ERASED_MARKER) : text;
  }

  /** A copy of a JSON value with every string (and object key) scrubbed. */
  scrubJson(value: unknown): unknown {
    if (typeof value === 'string') return this.scrubText(value);
    if (Array.isArray(value)) return value.map((item) => this.scrubJson(item));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.scrubText(key), this.scrubJson(item)]));
    }
    return value;
  }

  /** Whether any string (or key) of a JSON value holds the identity. */
  findsInJson(value: unknown): boolean {
    if (typeof value === 'string') return this.finds(value);
    if (Array.isArray(value)) return value.some((item) => this.findsInJson(item));
    if (typeof value === 'object' && value !== null)
      return Object.entries(value).some(([key, item]) => this.finds(key) || this.findsInJson(item));
    return false;
  }
}
