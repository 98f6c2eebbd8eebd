import { Module } from '@nestjs/common';
import { ServiceRequestsModule } from '../service-requests/service-requests.module';
import { ApiCallLogErasureRepository } from './api-call-log-erasure.repository';
import { OrganisationErasureJob } from './organisation-erasure.job';
import { OrganisationErasureRepository } from './organisation-erasure.repository';
import { ServiceRequestErasureRepository } from './service-request-erasure.repository';

/** This service's part of persona erasures (libs/privacy): its service requests and the API-call log. */
@Module({
  imports: [ServiceRequestsModule],
  providers: [ServiceRequestErasureRepository, ApiCallLogErasureRepository, OrganisationErasureRepository, OrganisationErasureJob],
})
export class OrganisationPrivacyModule {}
