import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { ALGORITHM_VERSIONS, type AlgorithmVersion } from '@teamfit/accounts';
import { IsOmittable, NAME_MAX_LENGTH } from '@teamfit/common';

const TEMPLATE_PREFIX_MAX_LENGTH = 100;
const BOOLEAN_STRINGS = ['true', 'false'];
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Nullable settings: left out, or sent empty to clear them. */
const IsOmittableOrEmpty = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined && value !== '');
const IsBooleanString = (): PropertyDecorator => IsIn(BOOLEAN_STRINGS, { message: '$property must be "true" or "false"' });

/**
 * The optional settings of an organisation, as the multipart form carries them: every value a string,
 * booleans only "true"/"false", numbers strictly decimal (no "12abc", no " 12", no "1e3").
 */
export class OrganisationSettingsFields {
  @ApiPropertyOptional({ enum: ALGORITHM_VERSIONS, default: 'v1' })
  @IsOmittable()
  @IsIn(ALGORITHM_VERSIONS)
  algorithmVersion?: string;

  @ApiPropertyOptional({ enum: BOOLEAN_STRINGS, default: 'false' })
  @IsOmittable()
  @IsBooleanString()
  genderInputOnRegister?: string;

  @ApiPropertyOptional({ enum: BOOLEAN_STRINGS, default: 'false' })
  @IsOmittable()
  @IsBooleanString()
  includeMatchUserInTeam?: string;

  @ApiPropertyOptional({ enum: BOOLEAN_STRINGS, default: 'false' })
  @IsOmittable()
  @IsBooleanString()
  isLocationPriority?: string;

  @ApiPropertyOptional({ enum: BOOLEAN_STRINGS, default: 'false' })
  @IsOmittable()
  @IsBooleanString()
  isPublic?: string;

  @ApiPropertyOptional({ type: String, example: '25', default: '0', description: 'A non-negative integer' })
  @IsOmittable()
  @Matches(/^\d{1,9}$/, { message: 'licenses must be a non-negative integer (at most 999999999)' })
  licenses?: string;

  @ApiPropertyOptional({ enum: BOOLEAN_STRINGS, default: 'false' })
  @IsOmittable()
  @IsBooleanString()
  showMatches?: string;

  @ApiPropertyOptional({ enum: BOOLEAN_STRINGS, default: 'false' })
  @IsOmittable()
  @IsBooleanString()
  userChange?: string;

  @ApiPropertyOptional({ maxLength: TEMPLATE_PREFIX_MAX_LENGTH, description: 'Empty clears it' })
  @IsOmittableOrEmpty()
  @IsString()
  @MaxLength(TEMPLATE_PREFIX_MAX_LENGTH)
  templatePrefix?: string;

  @ApiPropertyOptional({ type: String, example: '0.6', description: 'A decimal number; empty clears it' })
  @IsOmittableOrEmpty()
  @Matches(/^-?\d{1,9}(\.\d{1,9})?$/, { message: 'workstyleWeight must be a decimal number' })
  workstyleWeight?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'ISO 8601; empty clears it' })
  @IsOmittableOrEmpty()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'productExpireTimestamp must be an ISO 8601 date-time' })
  productExpireTimestamp?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'ISO 8601; empty clears it' })
  @IsOmittableOrEmpty()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'sampleAddTimestamp must be an ISO 8601 date-time' })
  sampleAddTimestamp?: string;
}

export class CreateOrganisationDto extends OrganisationSettingsFields {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH, description: 'Unique, compared case-insensitively' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  name!: string;

  @ApiProperty({ maxLength: NAME_MAX_LENGTH, example: 'acme-corp', description: 'Lowercase letters, digits and hyphens; unique' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(/^[a-z0-9-]+$/, { message: 'urlName must contain only lowercase letters, digits and hyphens' })
  urlName!: string;
}

/** Any subset of the create fields; only the fields sent change. */
export class UpdateOrganisationDto extends OrganisationSettingsFields {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH, example: 'acme-corp' })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(/^[a-z0-9-]+$/, { message: 'urlName must contain only lowercase letters, digits and hyphens' })
  urlName?: string;
}

/** Described for OpenAPI only: the multipart bodies, with the logo file. */
export class CreateOrganisationFormDto extends CreateOrganisationDto {
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'png, webp, jpg or jpeg (checked by content); at most 5 MB' })
  logo?: unknown;
}

export class UpdateOrganisationFormDto extends UpdateOrganisationDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'Replaces the previous logo; png, webp, jpg or jpeg; at most 5 MB',
  })
  logo?: unknown;
}

/** /organisation/:id takes the UUID `id` or the `_id` the list shows. */
export class OrganisationIdParams {
  @ApiProperty({ description: 'The UUID `id`, or the 24-hex `_id` of a list item' })
  @Matches(new RegExp(`^(${UUID}|[0-9a-f]{24})$`), { message: 'id must be a UUID or a 24-character hexadecimal ObjectId' })
  id!: string;
}

export class OrganisationDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a79', description: 'The identifier list items show' })
  _id!: string;

  @ApiProperty({ example: 'Acme Corp' })
  name!: string;

  @ApiProperty({ example: 'acme-corp' })
  urlName!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'http://localhost:8080/media/public/665f1c2e9b1e8a3d4c5b6a7a',
    description: 'Absolute URL of the logo',
  })
  logo!: string | null;

  @ApiProperty({ enum: ALGORITHM_VERSIONS })
  algorithmVersion!: AlgorithmVersion;

  genderInputOnRegister!: boolean;

  includeMatchUserInTeam!: boolean;

  isLocationPriority!: boolean;

  isPublic!: boolean;

  @ApiProperty({ example: 25 })
  licenses!: number;

  showMatches!: boolean;

  userChange!: boolean;

  templatePrefix!: string | null;

  workstyleWeight!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  productExpireTimestamp!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  sampleAddTimestamp!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Industry reference id' })
  industry!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Country reference id' })
  country!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** An organisation as the list shows it. */
export class OrganisationListItemDto {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a79' })
  _id!: string;

  name!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Industry reference id' })
  industry!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Country reference id' })
  country!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** POST answers `{organisation: {...}}` (docs/media.md, "Organisations"). */
export class OrganisationEnvelopeDto {
  @ApiProperty({ type: OrganisationDto })
  organisation!: OrganisationDto;
}

export class OrganisationDeletedDto {
  @ApiProperty({ example: 'Organisation deleted' })
  message!: string;
}
