import { and, eq, isNull } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { partnerApiKeys } from './partner-api-key.table';
import { PARTNER_KEY_PATTERN, partnerKeyHash } from './partner-key';

/** The organisation a presented key speaks for, and which key it is. */
export interface PartnerKeyHolder {
  keyId: string;
  organisationId: string;
}

/**
 * Read-only view of partner API keys for the services that are called with them (evaluation:
 * the Greenhouse partner API). Each check reads the table: a key revoked a moment ago is refused
 * on its next call, nothing remembers it.
 */
export class PartnerKeyDirectory {
  constructor(private readonly db: NodePgDatabase<Record<string, never>>) {}

  /** The holder of a key that is issued and not revoked; undefined for anything else (no read for a malformed one). */
  async holderOf(key: string): Promise<PartnerKeyHolder | undefined> {
    if (!PARTNER_KEY_PATTERN.test(key)) return undefined;
    const [row] = await this.db
      .select({ keyId: partnerApiKeys.id, organisationId: partnerApiKeys.organisationId })
      .from(partnerApiKeys)
      .where(and(eq(partnerApiKeys.keyHash, partnerKeyHash(key)), isNull(partnerApiKeys.revokedAt)))
      .limit(1);
    return row;
  }
}
