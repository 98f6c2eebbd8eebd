import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PERSONA_ROLES, PERSONA_STATUSES, type PersonaRole, type PersonaStatus } from '@teamfit/personas';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { EMAIL_MAX_LENGTH, INT4_MAX, IsInt4, IsOmittable, NAME_MAX_LENGTH, TITLE_MAX_LENGTH, ToInteger, WithoutNul } from '@teamfit/common';
import { TEXT_MAX_LENGTH, URL_MAX_LENGTH, URL_OPTIONS } from '../shared/validation';

const PHONE_MAX_LENGTH = 50;
/** A plain-text résumé can be long; a bound still keeps one row from growing without end. */
const RESUME_MAX_LENGTH = 100_000;
/** Keeps page × limit a safe offset. */
const PAGE_MAX = 1_000_000_000;

// ----- answers -----

export class PersonaUserDto {
  @ApiProperty({ example: 42, description: 'The algorithm user id: from a sequence unless given at creation' })
  id!: number;

  @ApiProperty({ type: String, nullable: true, example: 'Ada' })
  firstName!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Lovelace' })
  lastName!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'ada' })
  username!: string | null;

  @ApiProperty({ type: String, nullable: true, format: 'email' })
  emailAddress!: string | null;
}

/** A persona as every persona endpoint returns it (docs/profile.md, "Data"); unset fields are null. */
export class PersonaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) user_id!: string;
  @ApiProperty({ type: PersonaUserDto }) user!: PersonaUserDto;
  @ApiProperty({ example: 'Backend developer' }) role!: string;
  @ApiProperty({ enum: PERSONA_ROLES, enumName: 'PersonaRole', isArray: true }) roles!: PersonaRole[];
  @ApiProperty({ enum: PERSONA_STATUSES, enumName: 'PersonaStatus' }) status!: PersonaStatus;
  description!: string;
  @ApiProperty({ type: String, nullable: true, format: 'email' }) emailAddress!: string | null;
  profileBio!: string | null;
  contactNumber!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'handle' }) linkedinProfile!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) linkedinProfileUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) personalWebsite!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) portfolioURL!: string | null;
  xHandler!: string | null;
  instagramHandler!: string | null;
  resumeContent!: string | null;
  verifiedEmail!: boolean;
  verified!: boolean;
  @ApiProperty({ description: 'Legacy flag: true when roles include CANDIDATE' }) isCandidate!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class PersonaPageDto {
  @ApiProperty({ type: PersonaDto, isArray: true }) personas!: PersonaDto[];
  @ApiProperty({ example: 42 }) total!: number;
  @ApiProperty({ example: 1 }) page!: number;
  @ApiProperty({ example: 10 }) limit!: number;
  @ApiProperty({ example: 5 }) totalPages!: number;
}

export class CompletenessFieldsDto {
  firstName!: boolean;
  lastName!: boolean;
  emailAddress!: boolean;
  profileBio!: boolean;
  contactNumber!: boolean;
  @ApiProperty({ description: 'linkedinProfile or linkedinProfileUrl' }) linkedinProfile!: boolean;
  portfolioURL!: boolean;
  xHandler!: boolean;
  resumeContent!: boolean;
}

export class PersonaStatusDto {
  @ApiProperty({ format: 'uuid' }) personaId!: string;
  @ApiProperty({ example: 56, description: 'Integer percent of the nine fields that are filled' }) completeness!: number;
  isComplete!: boolean;
  @ApiProperty({ type: CompletenessFieldsDto }) fields!: CompletenessFieldsDto;
}

// ----- requests -----

/** `user` in PUT and PATCH: the given fields are merged into the stored user; null clears one. */
export class PersonaUserChangesDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  firstName?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  lastName?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  username?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @IsOptional()
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  emailAddress?: string | null;
}

/** `user` at creation: the same fields, and the integer id when the creator assigns it. */
export class NewPersonaUserDto extends PersonaUserChangesDto {
  @ApiPropertyOptional({ minimum: 1, maximum: INT4_MAX, description: 'Assigned from a sequence when omitted' })
  @IsOmittable()
  @IsInt4(1)
  id?: number;
}

const ApiRoles = () => ApiPropertyOptional({ enum: PERSONA_ROLES, enumName: 'PersonaRole', isArray: true });
const ApiStatus = () => ApiPropertyOptional({ enum: PERSONA_STATUSES, enumName: 'PersonaStatus' });

/** The contact fields that create (POST) and update (PUT) take alike; null clears one. */
export class PersonaContactFieldsDto {
  @ApiPropertyOptional({ type: String, nullable: true, format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @IsOptional()
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  emailAddress?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'uri', maxLength: URL_MAX_LENGTH })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(URL_MAX_LENGTH)
  linkedinProfileUrl?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'uri', maxLength: URL_MAX_LENGTH })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(URL_MAX_LENGTH)
  personalWebsite?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: PHONE_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(PHONE_MAX_LENGTH)
  contactNumber?: string | null;
}

/** Validation shared by every body that sets roles: known values, each once. */
const RolesRules = () =>
  applyDecorators(IsOmittable(), IsArray(), ArrayMaxSize(PERSONA_ROLES.length), ArrayUnique(), IsIn(PERSONA_ROLES, { each: true }));

export class CreatePersonaDto extends PersonaContactFieldsDto {
  @ApiProperty({ format: 'uuid', description: 'The associated user' })
  @IsUUID()
  user_id!: string;

  @ApiProperty({ maxLength: TITLE_MAX_LENGTH, description: 'Free-text role title' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TITLE_MAX_LENGTH)
  role!: string;

  @ApiProperty({ maxLength: TEXT_MAX_LENGTH })
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  description!: string;

  @ApiPropertyOptional({ type: NewPersonaUserDto })
  @IsOmittable()
  @IsObject()
  @ValidateNested()
  @Type(() => NewPersonaUserDto)
  user?: NewPersonaUserDto;

  @ApiRoles()
  @RolesRules()
  roles?: PersonaRole[];

  @ApiStatus()
  @IsOmittable()
  @IsIn(PERSONA_STATUSES)
  status?: PersonaStatus;
}

/** PUT /persona/:id (administrators): every field optional; `user` merged field by field. */
export class UpdatePersonaDto extends PersonaContactFieldsDto {
  @ApiPropertyOptional({ type: PersonaUserChangesDto })
  @IsOmittable()
  @IsObject()
  @ValidateNested()
  @Type(() => PersonaUserChangesDto)
  user?: PersonaUserChangesDto;

  @IsOmittable()
  @IsUUID()
  user_id?: string;

  @ApiPropertyOptional({ maxLength: TITLE_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TITLE_MAX_LENGTH)
  role?: string;

  @ApiPropertyOptional({ maxLength: TEXT_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  description?: string;
}

/** PATCH /persona/:persona_id: the profile fields; `roles` and `status` are refused (they have their own route). */
export class PatchPersonaDto {
  @ApiPropertyOptional({ type: PersonaUserChangesDto })
  @IsOmittable()
  @IsObject()
  @ValidateNested()
  @Type(() => PersonaUserChangesDto)
  user?: PersonaUserChangesDto;

  @ApiPropertyOptional({ maxLength: TITLE_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TITLE_MAX_LENGTH)
  role?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  profileBio?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @IsOptional()
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  emailAddress?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: PHONE_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(PHONE_MAX_LENGTH)
  contactNumber?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH, description: 'handle' })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  linkedinProfile?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'uri', maxLength: URL_MAX_LENGTH })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(URL_MAX_LENGTH)
  linkedinProfileUrl?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'uri', maxLength: URL_MAX_LENGTH })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(URL_MAX_LENGTH)
  portfolioURL?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  xHandler?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  instagramHandler?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: RESUME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(RESUME_MAX_LENGTH)
  resumeContent?: string | null;

  @IsOmittable()
  @IsBoolean()
  verifiedEmail?: boolean;

  @IsOmittable()
  @IsBoolean()
  verified?: boolean;
}

/** PUT /persona/:id/access (administrators): the two fields nobody else may set. */
export class PersonaAccessDto {
  @ApiRoles()
  @RolesRules()
  roles?: PersonaRole[];

  @ApiStatus()
  @IsOmittable()
  @IsIn(PERSONA_STATUSES)
  status?: PersonaStatus;
}

/** GET /persona query: strings on the wire, numbers once validated. */
export class PersonaListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: PAGE_MAX, default: 1 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(PAGE_MAX)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 10 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsUUID()
  user_id?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive partial match on role' })
  @IsOptional()
  @IsString()
  @MaxLength(TITLE_MAX_LENGTH)
  @WithoutNul()
  role?: string;

  @ApiPropertyOptional({
    description: "Case-insensitive partial match on the user's name (first and last), username, or either e-mail address",
    maxLength: EMAIL_MAX_LENGTH,
  })
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_MAX_LENGTH)
  @WithoutNul()
  search?: string;

  @ApiStatus()
  @IsOptional()
  @IsIn(PERSONA_STATUSES)
  status?: PersonaStatus;
}

/**
 * Path parameter of PATCH /persona/:persona_id. The template is `:id` like the persona's other
 * routes (OpenAPI forbids two paths that differ only in a parameter's name; no URL changes), and
 * the message keeps the parameter's documented name, persona_id.
 */
export class PersonaIdParams {
  @IsUUID(undefined, { message: 'persona_id must be a UUID' })
  id!: string;
}
