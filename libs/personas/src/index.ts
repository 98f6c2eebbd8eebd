export { profileSchema } from './profile-schema';
export {
  PERSONA_ROLES,
  PERSONA_STATUSES,
  personas,
  type NewPersonaRow,
  type PersonaRole,
  type PersonaRow,
  type PersonaStatus,
} from './persona.table';
export { teammates, type NewTeammateRow, type TeammateRow } from './teammate.table';
export { teams, type NewTeamRow, type TeamRow } from './team.table';
export { PersonaDirectory, signInEmailOf } from './persona-directory';
export { ProfileStatistics, type PersonaCounts } from './profile-statistics';
export { enrolCandidatePersona, lockPersonaAddress, type EnrolledCandidate } from './persona-enrolment';
