import type { AlgorithmVersion, NewOrganisationRow, OrganisationRow } from '@teamfit/accounts';
import type {
  CreateOrganisationDto,
  OrganisationDto,
  OrganisationListItemDto,
  OrganisationSettingsFields,
  UpdateOrganisationDto,
} from './organisation.dto';

/** The columns a client may set, typed; only the fields sent are present. */
export type OrganisationChanges = Partial<
  Pick<
    NewOrganisationRow,
    | 'name'
    | 'urlName'
    | 'algorithmVersion'
    | 'genderInputOnRegister'
    | 'includeMatchUserInTeam'
    | 'isLocationPriority'
    | 'isPublic'
    | 'licenses'
    | 'showMatches'
    | 'userChange'
    | 'templatePrefix'
    | 'workstyleWeight'
    | 'productExpireTimestamp'
    | 'sampleAddTimestamp'
  >
>;

const BOOLEAN_FIELDS = [
  'genderInputOnRegister',
  'includeMatchUserInTeam',
  'isLocationPriority',
  'isPublic',
  'showMatches',
  'userChange',
] as const;

/**
 * Turns the validated multipart strings into column values. Validation has already made every
 * value well formed ("true"/"false", strict decimals, ISO 8601), so this only converts; fields
 * not sent stay absent and defaults come from the table. An empty value clears a nullable setting.
 */
export function changesOf(input: CreateOrganisationDto | UpdateOrganisationDto): OrganisationChanges {
  const changes: OrganisationChanges = settingsOf(input);
  if (input.name !== undefined) changes.name = input.name;
  if (input.urlName !== undefined) changes.urlName = input.urlName;
  return changes;
}

function settingsOf(input: OrganisationSettingsFields): OrganisationChanges {
  const changes: OrganisationChanges = {};
  if (input.algorithmVersion !== undefined) changes.algorithmVersion = input.algorithmVersion as AlgorithmVersion;
  for (const field of BOOLEAN_FIELDS) {
    const value = input[field];
    if (value !== undefined) changes[field] = value === 'true';
  }
  if (input.licenses !== undefined) changes.licenses = Number(input.licenses);
  if (input.templatePrefix !== undefined) changes.templatePrefix = input.templatePrefix === '' ? null : input.templatePrefix;
  if (input.workstyleWeight !== undefined) changes.workstyleWeight = input.workstyleWeight === '' ? null : Number(input.workstyleWeight);
  if (input.productExpireTimestamp !== undefined) changes.productExpireTimestamp = dateOrNull(input.productExpireTimestamp);
  if (input.sampleAddTimestamp !== undefined) changes.sampleAddTimestamp = dateOrNull(input.sampleAddTimestamp);
  return changes;
}

const dateOrNull = (value: string): Date | null => (value === '' ? null : new Date(value));

export function mapOrganisation(row: OrganisationRow, logoUrl: (mediaId: string) => string): OrganisationDto {
  return {
    id: row.id,
    _id: row.objectId,
    name: row.name,
    urlName: row.urlName,
    logo: row.logoMediaId === null ? null : logoUrl(row.logoMediaId),
    algorithmVersion: row.algorithmVersion,
    genderInputOnRegister: row.genderInputOnRegister,
    includeMatchUserInTeam: row.includeMatchUserInTeam,
    isLocationPriority: row.isLocationPriority,
    isPublic: row.isPublic,
    licenses: row.licenses,
    showMatches: row.showMatches,
    userChange: row.userChange,
    templatePrefix: row.templatePrefix,
    workstyleWeight: row.workstyleWeight,
    productExpireTimestamp: row.productExpireTimestamp?.toISOString() ?? null,
    sampleAddTimestamp: row.sampleAddTimestamp?.toISOString() ?? null,
    industry: row.industryId,
    country: row.countryId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function mapOrganisationListItem(row: OrganisationRow): OrganisationListItemDto {
  return {
    _id: row.objectId,
    name: row.name,
    industry: row.industryId,
    country: row.countryId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
