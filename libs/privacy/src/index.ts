export { SHORTEST_SCRUBBED_NAME, subjectHashOf, type ErasureCounts, type ErasureIdentity } from './erasure-identity';
export {
  ERASURE_PART_TABLES,
  ERASURE_PARTS,
  evaluationErasureParts,
  organisationErasureParts,
  personaErasures,
  type ErasurePart,
  type ErasurePartRow,
  type PersonaErasureRow,
} from './persona-erasure.tables';
export { ERASURE_PART_DONE_CHANNEL, ERASURE_REQUESTED_CHANNEL, notifyInTransaction } from './erasure-requests';
export { NotificationListener } from './notification-listener';
export { ERASURE_SWEEP_MS, PersonaErasureWorker, describeCounts } from './persona-erasure.worker';
export { ERASED_MARKER, IdentityScrubber } from './identity-scrubber';
export {
  EVALUATION_ERASURE_COUNTS,
  ORGANISATION_ERASURE_COUNTS,
  PROFILE_ERASURE_COUNTS,
  type EvaluationErasureCounts,
  type OrganisationErasureCounts,
  type ProfileErasureCounts,
} from './erasure-counts';
export { personaErasureJob, type ErasurePartRepository, type PersonaErasureJob } from './persona-erasure.job';
export { erasedPersonaIds, refuseErasedPersonas } from './erased-personas';
