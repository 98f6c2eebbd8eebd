import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ACCOUNT_STATUSES, type AccountRow, type AccountStatus } from '@teamfit/accounts';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, IsOmittable, NAME_MAX_LENGTH } from '@teamfit/common';

/** RFC 5321 caps a forward path at 254 characters; names get a generous but finite bound. */

/** An account as every endpoint returns it (docs/adr/0027-passwordless-sign-in.md). */
export class AccountDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'email', example: 'ada@example.com' })
  emailAddress!: string;

  @ApiProperty({ example: 'Ada' })
  firstName!: string;

  @ApiProperty({ example: 'Lovelace' })
  lastName!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  organisationId!: string | null;

  isAdmin!: boolean;

  @ApiProperty({ enum: ACCOUNT_STATUSES, enumName: 'AccountStatus' })
  status!: AccountStatus;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class CreateAccountDto {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'Unique across accounts, compared case-insensitively' })
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  emailAddress!: string;

  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  firstName!: string;

  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  lastName!: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID()
  organisationId?: string | null;

  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  isAdmin?: boolean;

  @ApiPropertyOptional({ enum: ACCOUNT_STATUSES, enumName: 'AccountStatus', default: 'ACTIVE' })
  @IsOmittable()
  @IsIn(ACCOUNT_STATUSES)
  status?: AccountStatus;
}

/**
 * Any subset of the create fields; only the fields given change. Written out rather than derived
 * with PartialType, which would add `@IsOptional()` and so accept `null` for NOT NULL columns.
 */
export class UpdateAccountDto {
  @ApiPropertyOptional({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @IsOmittable()
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  emailAddress?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  lastName?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'null detaches the account from its organisation' })
  @IsOptional()
  @IsUUID()
  organisationId?: string | null;

  @IsOmittable()
  @IsBoolean()
  isAdmin?: boolean;

  @ApiPropertyOptional({ enum: ACCOUNT_STATUSES, enumName: 'AccountStatus' })
  @IsOmittable()
  @IsIn(ACCOUNT_STATUSES)
  status?: AccountStatus;
}

/** Path parameters of /account/:id, validated so a malformed id is a 400 naming `id`. */
export class AccountIdParams {
  @IsUUID()
  id!: string;
}

export class AccountDeletedDto {
  @ApiProperty({ example: 'Account deleted' })
  message!: string;
}

/** The platform error body, shared by every service's OpenAPI description. */
export { ErrorResponseDto } from '@teamfit/common';

export function mapAccount(row: AccountRow): AccountDto {
  return {
    id: row.id,
    emailAddress: row.emailAddress,
    firstName: row.firstName,
    lastName: row.lastName,
    organisationId: row.organisationId,
    isAdmin: row.isAdmin,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
