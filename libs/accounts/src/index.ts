export { ACCOUNT_STATUSES, accounts, organisationSchema, type AccountRow, type AccountStatus, type NewAccountRow } from './account.table';
export { AccountDirectory } from './account-directory';
export {
  ALGORITHM_VERSIONS,
  ORGANISATION_NAME_INDEX,
  ORGANISATION_URL_NAME_INDEX,
  organisations,
  type AlgorithmVersion,
  type NewOrganisationRow,
  type OrganisationRow,
} from './organisation.table';
export { ServiceRequestExportReader, type ExportedCommentRow, type ExportedServiceRequestRow } from './privacy/persona-export.reader';
