import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { TeamRow } from '@teamfit/personas';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsOmittable, NAME_MAX_LENGTH, OBJECT_ID, TITLE_MAX_LENGTH } from '@teamfit/common';
import { LIST_MAX_SIZE, TEXT_MAX_LENGTH } from '../shared/validation';

const ID_MAX_LENGTH = 100;

/** The create-shaped team: POST and PUT answer with it (docs/profile.md). */
export class TeamDto {
  @ApiProperty({ pattern: OBJECT_ID.source, example: '665f1c2b9d3e4a0012345678' })
  _id!: string;

  @ApiProperty({ example: '5d7f7c43-8a4e-4b7c-9b3f-0e6c2d1a9f88' })
  organisation_id!: string;

  @ApiProperty({ example: 'Platform' })
  teamName!: string;

  teamDescription!: string | null;

  roleName!: string | null;

  @ApiProperty({ type: String, isArray: true })
  managers!: string[];

  @ApiProperty({ type: String, isArray: true })
  memberIds!: string[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/**
 * The list-shaped team: GET /team and GET /team/:id answer with it. Clients read
 * `_id, name, description, members` there; the other fields keep their create names.
 */
export class TeamListItemDto {
  @ApiProperty({ pattern: OBJECT_ID.source, example: '665f1c2b9d3e4a0012345678' })
  _id!: string;

  @ApiProperty({ example: 'Platform', description: 'teamName' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, description: 'teamDescription' })
  description!: string | null;

  @ApiProperty({ type: String, isArray: true, description: 'memberIds' })
  members!: string[];

  organisation_id!: string;

  roleName!: string | null;

  @ApiProperty({ type: String, isArray: true })
  managers!: string[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class CreateTeamDto {
  @ApiProperty({ maxLength: ID_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(ID_MAX_LENGTH)
  organisation_id!: string;

  @ApiProperty({ maxLength: TITLE_MAX_LENGTH, description: 'Unique within the organisation, compared case-insensitively' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TITLE_MAX_LENGTH)
  teamName!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  teamDescription?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  roleName?: string | null;

  @ApiPropertyOptional({ type: String, isArray: true, default: [] })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(LIST_MAX_SIZE)
  @IsString({ each: true })
  @MaxLength(ID_MAX_LENGTH, { each: true })
  managers?: string[];

  @ApiPropertyOptional({ type: String, isArray: true, default: [] })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(LIST_MAX_SIZE)
  @IsString({ each: true })
  @MaxLength(ID_MAX_LENGTH, { each: true })
  memberIds?: string[];
}

/** Any subset of the create fields; only the fields given change. */
export class UpdateTeamDto {
  @ApiPropertyOptional({ maxLength: ID_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(ID_MAX_LENGTH)
  organisation_id?: string;

  @ApiPropertyOptional({ maxLength: TITLE_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TITLE_MAX_LENGTH)
  teamName?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TEXT_MAX_LENGTH, description: 'null clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  teamDescription?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH, description: 'null clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  roleName?: string | null;

  @ApiPropertyOptional({ type: String, isArray: true })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(LIST_MAX_SIZE)
  @IsString({ each: true })
  @MaxLength(ID_MAX_LENGTH, { each: true })
  managers?: string[];

  @ApiPropertyOptional({ type: String, isArray: true })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(LIST_MAX_SIZE)
  @IsString({ each: true })
  @MaxLength(ID_MAX_LENGTH, { each: true })
  memberIds?: string[];
}

export function mapTeam(row: TeamRow): TeamDto {
  return {
    _id: row.id,
    organisation_id: row.organisationId,
    teamName: row.teamName,
    teamDescription: row.teamDescription,
    roleName: row.roleName,
    managers: row.managers,
    memberIds: row.memberIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function mapTeamListItem(row: TeamRow): TeamListItemDto {
  return {
    _id: row.id,
    name: row.teamName,
    description: row.teamDescription,
    members: row.memberIds,
    organisation_id: row.organisationId,
    roleName: row.roleName,
    managers: row.managers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
