/**
 * Every table of the organisation service lives in the `organisation` PostgreSQL schema; no other
 * service writes here. Accounts and organisations are declared in libs/accounts (the auth service
 * reads accounts, the evaluation service one setting of organisations).
 */
export { accounts, organisations, organisationSchema, partnerApiKeys } from '@teamfit/accounts';
export { contentSeeds, questionAnswers, questionGroups, questions } from '@teamfit/assessment';
export { countries, educationLevels, functions, industries, locations, skills, studyMajors } from './master-data.tables';
export { serviceRequestAttachments, serviceRequestComments, serviceRequestHistory, serviceRequests } from './service-requests.tables';
/** This service's part of each persona erasure (declared in libs/privacy, which the profile service reads). */
export { organisationErasureParts } from '@teamfit/privacy';
/** The transactional outbox every service writes its events into (declared in libs/outbox). */
export { outboxMessages } from '@teamfit/outbox';
export { webhookDeliveries, webhookDeliveryAttempts, webhookSubscriptions } from './webhooks.tables';
