import { Injectable } from '@nestjs/common';
import { generatePartnerKey, type PartnerApiKeyRow, partnerKeyHash, partnerKeyHint } from '@teamfit/accounts';
import type { VerifiedToken } from '@teamfit/auth';
import { type Clock, InjectClock, notFound } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { OrganisationRepository } from '../organisations/organisation.repository';
import type { IssuedPartnerApiKeyDto, PartnerApiKeyDto } from './partner-api-key.dto';
import { PartnerApiKeyRepository } from './partner-api-key.repository';

export function partnerApiKeyOf(row: PartnerApiKeyRow): PartnerApiKeyDto {
  return {
    id: row.id,
    organisationId: row.organisationId,
    name: row.name,
    hint: row.hint,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Partner API keys (docs/adr/0088-partner-api-keys.md): an administrator issues one per partner
 * system of an organisation, sees it once, lists and revokes them. Only the key's SHA-256 is kept.
 */
@Injectable()
export class PartnerApiKeyService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly keys: PartnerApiKeyRepository,
    private readonly organisations: OrganisationRepository,
    @InjectClock() private readonly now: Clock,
  ) {}

  async issue(organisationKey: string, name: string, principal: VerifiedToken): Promise<IssuedPartnerApiKeyDto> {
    const organisationId = await this.organisationIdOf(organisationKey);
    const key = generatePartnerKey();
    const row = await this.keys.insert(this.db, {
      organisationId,
      name,
      keyHash: partnerKeyHash(key),
      hint: partnerKeyHint(key),
      createdBy: principal.sub,
      createdAt: this.now(),
    });
    return { ...partnerApiKeyOf(row), key };
  }

  async list(organisationKey: string): Promise<PartnerApiKeyDto[]> {
    const organisationId = await this.organisationIdOf(organisationKey);
    return (await this.keys.list(organisationId)).map(partnerApiKeyOf);
  }

  /** Revokes the key; revoking a revoked key answers it unchanged (its first revocation time). */
  async revoke(organisationKey: string, keyId: string): Promise<PartnerApiKeyDto> {
    const organisationId = await this.organisationIdOf(organisationKey);
    const revoked = await this.keys.revoke(this.db, organisationId, keyId, this.now());
    if (revoked) return partnerApiKeyOf(revoked);
    const existing = await this.keys.find(organisationId, keyId);
    if (!existing) throw notFound('API key');
    return partnerApiKeyOf(existing);
  }

  private async organisationIdOf(key: string): Promise<string> {
    const organisation = await this.organisations.findByKey(key);
    if (!organisation) throw notFound('Organisation');
    return organisation.id;
  }
}
