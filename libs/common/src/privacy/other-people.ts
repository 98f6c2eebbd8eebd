import type { LoggedIdentity } from './persona-export.reader';

/** What stands where another person's id or address was, in an export. */
export const SOMEONE_ELSE = '[someone else]';

/**
 * UUIDs (personas, accounts), 24-hex ObjectIds (teammates, tickets) and e-mail addresses, also
 * URL-encoded. An address's local part leaves out what delimits a URL's query (`/ ? & =`), so
 * `?emailAddress=ada@example.test` finds the address, not the whole query.
 */
const IDENTIFIERS =
  /(?<![0-9a-z-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-z-])|(?<![0-9a-z])[0-9a-f]{24}(?![0-9a-z])|[a-z0-9.!#$%'*+^_`{|}~-]+(?:@|%40)[a-z0-9-]+(?:\.[a-z0-9-]+)+/giu;

/** An identifier as the persona's own values are spelled: decoded from a URL, lower case. */
function normalised(found: string): string {
  try {
    return decodeURIComponent(found).toLowerCase();
  } catch {
    return found.toLowerCase();
  }
}

/**
 * Removes from text or JSON written by someone else (an administrator's call that names the
 * persona) every identifier that is not the persona's own: other UUIDs and ObjectIds (another
 * persona, an account, a teammate) and other e-mail addresses. What stays is the persona's id and
 * addresses and what carries no identifier. Free text naming someone else by name is not found:
 * docs/privacy.md, "Known limits".
 */
export class OtherPeopleRedaction {
  private readonly own: ReadonlySet<string>;

  constructor(identity: LoggedIdentity) {
    this.own = new Set([identity.personaId, ...identity.emailAddresses].map((value) => value.toLowerCase()));
  }

  text(value: string): string {
    return value.replace(IDENTIFIERS, (found) => (this.own.has(normalised(found)) ? found : SOMEONE_ELSE));
  }

  /** A copy of a JSON value with every string and object key redacted. */
  json(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.json(item)]));
    }
    return value;
  }
}
