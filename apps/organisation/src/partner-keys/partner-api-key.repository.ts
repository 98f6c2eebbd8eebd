import { Injectable } from '@nestjs/common';
import { type NewPartnerApiKeyRow, partnerApiKeys, type PartnerApiKeyRow } from '@teamfit/accounts';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

/** The one gateway that writes `organisation.partner_api_keys` (docs/adr/0088-partner-api-keys.md). */
@Injectable()
export class PartnerApiKeyRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(tx: Executor, values: NewPartnerApiKeyRow): Promise<PartnerApiKeyRow> {
    const [row] = await tx.insert(partnerApiKeys).values(values).returning();
    if (!row) throw new Error('partner API key insert returned no row');
    return row;
  }

  /** An organisation's keys, oldest first, revoked ones included. */
  list(organisationId: string): Promise<PartnerApiKeyRow[]> {
    return this.db
      .select()
      .from(partnerApiKeys)
      .where(eq(partnerApiKeys.organisationId, organisationId))
      .orderBy(asc(partnerApiKeys.createdAt), asc(partnerApiKeys.id));
  }

  async find(organisationId: string, keyId: string): Promise<PartnerApiKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(partnerApiKeys)
      .where(and(eq(partnerApiKeys.organisationId, organisationId), eq(partnerApiKeys.id, keyId)))
      .limit(1);
    return row;
  }

  /**
   * Revokes a key of the organisation that still works; undefined when there is none (unknown, of
   * another organisation, or revoked already: the caller reads it to tell which). One statement,
   * so two revocations at once set one time.
   */
  async revoke(tx: Executor, organisationId: string, keyId: string, at: Date): Promise<PartnerApiKeyRow | undefined> {
    const [row] = await tx
      .update(partnerApiKeys)
      .set({ revokedAt: sql`${at.toISOString()}::timestamptz` })
      .where(and(eq(partnerApiKeys.organisationId, organisationId), eq(partnerApiKeys.id, keyId), isNull(partnerApiKeys.revokedAt)))
      .returning();
    return row;
  }
}
