import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { TeamRow } from '../../database/evaluation.schema';
import { ALGORITHM_NAME_MAX_LENGTH, IsOmittable } from '@teamfit/common';

export const TEAM_MAX_MEMBERS = 1000;

/** An algorithm team as every endpoint returns it (docs/algorithm.md). */
export class AlgorithmTeamDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id!: number;

  @ApiProperty({ example: 'Platform engineering' })
  name!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  organisationId!: string | null;

  @ApiProperty({ type: String, format: 'uuid', isArray: true, description: 'Personas whose completed evaluations form the team context' })
  memberPersonaIds!: string[];
}

export class CreateAlgorithmTeamDto {
  @ApiProperty({ maxLength: ALGORITHM_NAME_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(ALGORITHM_NAME_MAX_LENGTH)
  name!: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID()
  organisationId?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', isArray: true, default: [], maxItems: TEAM_MAX_MEMBERS })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(TEAM_MAX_MEMBERS)
  @ArrayUnique()
  @IsUUID(undefined, { each: true })
  memberPersonaIds?: string[];
}

/** Any subset of the create fields; only the fields given change (memberPersonaIds is replaced whole). */
export class UpdateAlgorithmTeamDto {
  @ApiPropertyOptional({ maxLength: ALGORITHM_NAME_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(ALGORITHM_NAME_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'null detaches the team from its organisation' })
  @IsOptional()
  @IsUUID()
  organisationId?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', isArray: true, maxItems: TEAM_MAX_MEMBERS })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(TEAM_MAX_MEMBERS)
  @ArrayUnique()
  @IsUUID(undefined, { each: true })
  memberPersonaIds?: string[];
}

export function mapTeam(row: TeamRow): AlgorithmTeamDto {
  return { id: row.id, name: row.name, organisationId: row.organisationId, memberPersonaIds: row.memberPersonaIds };
}
