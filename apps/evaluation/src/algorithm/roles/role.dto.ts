import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsNumber, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { ALGORITHM_NAME_MAX_LENGTH, IsInt4, IsOmittable, PageQueryDto, ToInteger } from '@teamfit/common';
import type { RoleRow } from '../../database/evaluation.schema';

export const DEFAULT_CRITERIA_WEIGHT = 50;

/** A role as every endpoint returns it (docs/algorithm.md). */
export class RoleDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id!: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  organisationId!: string | null;

  @ApiProperty({ example: 'Backend engineer' })
  title!: string;

  @ApiProperty({ type: 'integer' })
  teamId!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'null: no criteria configured, so no role match' })
  roleSpecificationId!: number | null;

  @ApiProperty({
    minimum: 0,
    maximum: 100,
    example: DEFAULT_CRITERIA_WEIGHT,
    description: 'Stored and returned; the computation’s roleWeight defaults to 50 independently',
  })
  criteriaWeight!: number;
}

export class CreateRoleDto {
  @ApiProperty({ maxLength: ALGORITHM_NAME_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(ALGORITHM_NAME_MAX_LENGTH)
  title!: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'An existing team' })
  @IsInt4(1)
  teamId!: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, nullable: true, description: 'An existing role specification' })
  @IsOptional()
  @IsInt4(1)
  roleSpecificationId?: number | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID()
  organisationId?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: DEFAULT_CRITERIA_WEIGHT })
  @IsOmittable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  criteriaWeight?: number;
}

/** Any subset of the create fields; only the fields given change. */
export class UpdateRoleDto {
  @ApiPropertyOptional({ maxLength: ALGORITHM_NAME_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(ALGORITHM_NAME_MAX_LENGTH)
  title?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOmittable()
  @IsInt4(1)
  teamId?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, nullable: true, description: 'null detaches the specification' })
  @IsOptional()
  @IsInt4(1)
  roleSpecificationId?: number | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID()
  organisationId?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 100 })
  @IsOmittable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  criteriaWeight?: number;
}

/** The list's page plus an optional team filter. */
export class RoleListQuery extends PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Only the roles of this team' })
  @IsOmittable()
  @ToInteger()
  @IsInt4(1)
  teamId?: number;
}

export function mapRole(row: RoleRow): RoleDto {
  return {
    id: row.id,
    organisationId: row.organisationId,
    title: row.title,
    teamId: row.teamId,
    roleSpecificationId: row.roleSpecificationId,
    criteriaWeight: row.criteriaWeight,
  };
}
