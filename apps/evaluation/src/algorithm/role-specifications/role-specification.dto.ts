import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsInt4 } from '@teamfit/common';
import type { RoleSpecificationRow, SetCriterion, ThresholdCriterion } from '../../database/evaluation.schema';
import type { LookupCollection } from '../lookups/lookup.descriptors';

export const MAX_CRITERION_IDS = 1000;

/** A set criterion: percentageMatch = |candidate ∩ ids| / |ids|; an empty set is no criterion. */
export class SetCriterionDto implements SetCriterion {
  @ApiProperty({ type: 'integer', isArray: true, example: [1, 2], description: 'Ids of the criterion’s lookup; each must exist' })
  @IsArray()
  @ArrayMaxSize(MAX_CRITERION_IDS)
  @ArrayUnique()
  @IsInt4(1, { each: true })
  ids!: number[];

  @ApiProperty({ type: 'integer', minimum: 1, example: 1, description: 'Points: 1 = 13, 2 = 7, 3 = 3, 4 and above = 1' })
  @IsInt4(1)
  priority!: number;
}

/** A threshold criterion: met when the candidate’s lookup orderBy >= the orderBy of `id`. */
export class ThresholdCriterionDto implements ThresholdCriterion {
  @ApiProperty({ type: 'integer', minimum: 1, example: 3, description: 'Id of the criterion’s lookup; must exist' })
  @IsInt4(1)
  id!: number;

  @ApiProperty({ type: 'integer', minimum: 1, example: 2, description: 'Points: 1 = 13, 2 = 7, 3 = 3, 4 and above = 1' })
  @IsInt4(1)
  priority!: number;
}

/** Which lookup each criterion's ids belong to, and whether it is a set or a threshold. */
export const CRITERIA = [
  { field: 'industry', lookup: 'industries', kind: 'set' },
  { field: 'function', lookup: 'workfunctions', kind: 'set' },
  { field: 'skill', lookup: 'skills', kind: 'set' },
  { field: 'studyMajor', lookup: 'studymajors', kind: 'set' },
  { field: 'location', lookup: 'locations', kind: 'set' },
  { field: 'professionalYears', lookup: 'professionalyears', kind: 'threshold' },
  { field: 'educationLevel', lookup: 'educationlevels', kind: 'threshold' },
] as const satisfies ReadonlyArray<{ field: keyof RoleSpecificationInput; lookup: LookupCollection; kind: 'set' | 'threshold' }>;

const SET = (side: string) => ({ type: SetCriterionDto, nullable: true, description: `Set criterion (${side})` });
const THRESHOLD = { type: ThresholdCriterionDto, nullable: true, description: 'Threshold criterion (experience side)' };

/**
 * The criteria of a role specification (docs/algorithm.md). The experience side uses industry,
 * function, skill, studyMajor, professionalYears and educationLevel; the goal side uses industry,
 * function, skill and location. On create an absent criterion is null (not configured); on update
 * only the criteria given change, and null removes one.
 */
export class RoleSpecificationInput {
  @ApiPropertyOptional(SET('experience and goal sides'))
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SetCriterionDto)
  industry?: SetCriterionDto | null;

  @ApiPropertyOptional(SET('experience and goal sides'))
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SetCriterionDto)
  function?: SetCriterionDto | null;

  @ApiPropertyOptional(SET('experience and goal sides'))
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SetCriterionDto)
  skill?: SetCriterionDto | null;

  @ApiPropertyOptional(SET('experience side'))
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SetCriterionDto)
  studyMajor?: SetCriterionDto | null;

  @ApiPropertyOptional(SET('goal side'))
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SetCriterionDto)
  location?: SetCriterionDto | null;

  @ApiPropertyOptional(THRESHOLD)
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ThresholdCriterionDto)
  professionalYears?: ThresholdCriterionDto | null;

  @ApiPropertyOptional(THRESHOLD)
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ThresholdCriterionDto)
  educationLevel?: ThresholdCriterionDto | null;
}

/** A role specification as every endpoint returns it: every criterion present, null when not configured. */
export class RoleSpecificationDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id!: number;

  @ApiProperty(SET('experience and goal sides'))
  industry!: SetCriterion | null;

  @ApiProperty(SET('experience and goal sides'))
  function!: SetCriterion | null;

  @ApiProperty(SET('experience and goal sides'))
  skill!: SetCriterion | null;

  @ApiProperty(SET('experience side'))
  studyMajor!: SetCriterion | null;

  @ApiProperty(SET('goal side'))
  location!: SetCriterion | null;

  @ApiProperty(THRESHOLD)
  professionalYears!: ThresholdCriterion | null;

  @ApiProperty(THRESHOLD)
  educationLevel!: ThresholdCriterion | null;
}

/** Plain objects only: validated DTO instances would carry their class into JSONB and responses. */
export function mapRoleSpecification(row: RoleSpecificationRow): RoleSpecificationDto {
  return {
    id: row.id,
    industry: row.industry,
    function: row.function,
    skill: row.skill,
    studyMajor: row.studyMajor,
    location: row.location,
    professionalYears: row.professionalYears,
    educationLevel: row.educationLevel,
  };
}
