/**
 * Every table of the organisation service lives in the `organisation` PostgreSQL schema; no other
 * service writes here. Accounts are declared in libs/accounts (read by the auth service).
 */
export { accounts, organisationSchema } from '@teamfit/accounts';
export { organisations } from './organisations.table';
export { contentSeeds, questionAnswers, questionGroups, questions } from '@teamfit/assessment';
export { countries, educationLevels, functions, industries, locations, skills, studyMajors } from './master-data.tables';
export { serviceRequestAttachments, serviceRequestComments, serviceRequestHistory, serviceRequests } from './service-requests.tables';
