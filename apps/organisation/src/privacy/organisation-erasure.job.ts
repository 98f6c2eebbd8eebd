import { personaErasureJob } from '@teamfit/privacy';
import { OrganisationErasureRepository } from './organisation-erasure.repository';

/**
 * The part waits this long after the request: every service writes its API-call log entries in
 * batches once a second, so the calls made just before the erasure are in the log by then.
 */
export const API_CALL_LOG_SETTLE_MS = 3_000;

/** Runs this service's part of every persona erasure (libs/privacy). */
export const OrganisationErasureJob = personaErasureJob('organisation', API_CALL_LOG_SETTLE_MS, OrganisationErasureRepository);
