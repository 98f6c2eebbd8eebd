import { Injectable } from '@nestjs/common';
import type { Executor } from '@teamfit/database';
import { type ErasureIdentity, type ErasurePartRepository, IdentityScrubber, type OrganisationErasureCounts } from '@teamfit/privacy';
import { OutboxMessageRepository } from '../webhooks/outbox-message.repository';
import { ApiCallLogErasureRepository } from './api-call-log-erasure.repository';
import { ServiceRequestErasureRepository } from './service-request-erasure.repository';

/**
 * The organisation service's part of a persona's erasure, in one transaction: the service
 * requests (kept, made anonymous), the API-call log, which this service owns the upkeep of
 * (retention, statistics), and the webhook outbox (the persona's id in events still kept).
 */
@Injectable()
export class OrganisationErasureRepository implements ErasurePartRepository {
  constructor(
    private readonly serviceRequests: ServiceRequestErasureRepository,
    private readonly apiCalls: ApiCallLogErasureRepository,
    private readonly outbox: OutboxMessageRepository,
  ) {}

  async erase(tx: Executor, identity: ErasureIdentity): Promise<OrganisationErasureCounts> {
    const own = new IdentityScrubber(identity);
    const mentions = new IdentityScrubber(identity, { exactOnly: true });
    const tickets = await this.serviceRequests.erase(tx, identity, own, mentions);
    // Webhook events still to be delivered keep the event, without the persona's id.
    await this.outbox.scrubPersona(tx, identity.personaId);
    return { ...tickets, apiCalls: await this.apiCalls.erase(tx, identity.personaId, own) };
  }
}
