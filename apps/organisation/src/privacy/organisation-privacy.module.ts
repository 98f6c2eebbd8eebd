import { Module } from '@nestjs/common';
import { ServiceRequestsModule } from '../service-requests/service-requests.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ApiCallLogErasureRepository } from './api-call-log-erasure.repository';
import { OrganisationErasureJob } from './organisation-erasure.job';
import { OrganisationErasureRepository } from './organisation-erasure.repository';
import { ServiceRequestErasureRepository } from './service-request-erasure.repository';

/** This service's part of persona erasures (libs/privacy): its service requests, the API-call log and the webhook outbox. */
@Module({
  imports: [ServiceRequestsModule, WebhooksModule],
  providers: [ServiceRequestErasureRepository, ApiCallLogErasureRepository, OrganisationErasureRepository, OrganisationErasureJob],
})
export class OrganisationPrivacyModule {}
