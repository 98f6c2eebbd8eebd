export { ACCOUNT_STATUSES, accounts, organisationSchema, type AccountRow, type AccountStatus, type NewAccountRow } from './account.table';
export { AccountDirectory } from './account-directory';
