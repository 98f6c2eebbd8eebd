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
export { partnerApiKeys, type NewPartnerApiKeyRow, type PartnerApiKeyRow } from './partner-keys/partner-api-key.table';
export { PARTNER_KEY_PATTERN, PARTNER_KEY_PREFIX, generatePartnerKey, partnerKeyHash, partnerKeyHint } from './partner-keys/partner-key';
export { PartnerKeyDirectory, type PartnerKeyHolder } from './partner-keys/partner-key-directory';
