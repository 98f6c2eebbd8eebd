import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { TeammateRow } from '@teamfit/personas';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, IsOmittable, NAME_MAX_LENGTH, OBJECT_ID } from '@teamfit/common';

/** A teammate as every endpoint returns it (docs/profile.md, "Data"). */
export class TeammateDto {
  @ApiProperty({ pattern: OBJECT_ID.source, example: '665f1c2b9d3e4a0012345678' })
  _id!: string;

  @ApiProperty({ example: 'Ada' })
  firstName!: string;

  @ApiProperty({ example: 'Lovelace' })
  lastName!: string;

  @ApiProperty({ format: 'email', example: 'ada@example.com' })
  emailAddress!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class CreateTeammateDto {
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

  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'Unique across the platform, compared case-insensitively' })
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  emailAddress!: string;
}

/** Only the fields to change; written out rather than PartialType, which would accept null. */
export class UpdateTeammateDto {
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

  @ApiPropertyOptional({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @IsOmittable()
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  emailAddress?: string;
}

export function mapTeammate(row: TeammateRow): TeammateDto {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.emailAddress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
