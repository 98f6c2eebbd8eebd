/**
 * Every table of the organisation service lives in the `organisation` PostgreSQL schema; no other
 * service writes here. Accounts are declared in libs/accounts (read by the auth service).
 */
export { accounts, organisationSchema } from '@teamfit/accounts';
