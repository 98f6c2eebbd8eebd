import type { Provider } from '@nestjs/common';
import { ApiCallLogErasureRepository } from './api-call-log-erasure.repository';
import { OrganisationErasureJob } from './organisation-erasure.job';
import { OrganisationErasureRepository } from './organisation-erasure.repository';
import { ServiceRequestErasureRepository } from './service-request-erasure.repository';

/** This service's part of persona erasures, registered by the organisation app module. */
export const ORGANISATION_ERASURE_PROVIDERS: Provider[] = [ServiceRequestErasureRepository, ApiCallLogErasureRepository, OrganisationErasureRepository, OrganisationErasureJob];
