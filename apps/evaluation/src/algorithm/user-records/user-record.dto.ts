import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsOptional } from 'class-validator';
import { IsInt4, IsOmittable } from '@teamfit/common';
import type { LookupCollection } from '../lookups/lookup.descriptors';

export const MAX_RECORD_IDS = 1000;

/** One field of a user record: the lookup its ids belong to, and whether it holds a set or one id. */
export interface UserRecordField<Field extends string = string> {
  field: Field;
  lookup: LookupCollection;
  many: boolean;
}

/** A set of ids of one lookup; [] when the person has none. */
const IdSet = (lookup: string): PropertyDecorator => {
  const decorators = [
    ApiPropertyOptional({ type: 'integer', isArray: true, default: [], description: `Ids of ${lookup}; each must exist` }),
    IsOmittable(),
    IsArray(),
    ArrayMaxSize(MAX_RECORD_IDS),
    ArrayUnique(),
    IsInt4(1, { each: true }),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
};

/** One id of one lookup, or null. */
const OneId = (lookup: string): PropertyDecorator => {
  const decorators = [
    ApiPropertyOptional({ type: 'integer', nullable: true, default: null, description: `Id of ${lookup}; must exist` }),
    IsOptional(),
    IsInt4(1),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
};

/** The persona's integer user id (docs/contract.md, "Identifiers"), in a POST body. */
const UserId = (): PropertyDecorator => {
  const decorators = [ApiProperty({ type: 'integer', minimum: 0, example: 1001 }), IsInt4(0)];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
};

// ---- user experiences -------------------------------------------------------------------------

export const EXPERIENCE_FIELDS = [
  { field: 'industryIds', lookup: 'industries', many: true },
  { field: 'functionIds', lookup: 'workfunctions', many: true },
  { field: 'skillIds', lookup: 'skills', many: true },
  { field: 'studyMajorIds', lookup: 'studymajors', many: true },
  { field: 'professionalYearsId', lookup: 'professionalyears', many: false },
  { field: 'educationLevelId', lookup: 'educationlevels', many: false },
] as const satisfies ReadonlyArray<UserRecordField<keyof UserExperienceInput>>;

/** PUT /:userId body: absent fields keep their stored value ([] or null when the record is new). */
export class UserExperienceInput {
  @IdSet('industries') industryIds?: number[];
  @IdSet('workfunctions') functionIds?: number[];
  @IdSet('skills') skillIds?: number[];
  @IdSet('studymajors') studyMajorIds?: number[];
  @OneId('professionalyears') professionalYearsId?: number | null;
  @OneId('educationlevels') educationLevelId?: number | null;
}

export class CreateUserExperienceDto extends UserExperienceInput {
  @UserId() userId!: number;
}

export class UserExperienceDto {
  @ApiProperty({ type: 'integer' }) userId!: number;
  @ApiProperty({ type: 'integer', isArray: true }) industryIds!: number[];
  @ApiProperty({ type: 'integer', isArray: true }) functionIds!: number[];
  @ApiProperty({ type: 'integer', isArray: true }) skillIds!: number[];
  @ApiProperty({ type: 'integer', isArray: true }) studyMajorIds!: number[];
  @ApiProperty({ type: 'integer', nullable: true }) professionalYearsId!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) educationLevelId!: number | null;
}

// ---- user goals -------------------------------------------------------------------------------

export const GOAL_FIELDS = [
  { field: 'industryIds', lookup: 'industries', many: true },
  { field: 'functionIds', lookup: 'workfunctions', many: true },
  { field: 'skillIds', lookup: 'skills', many: true },
  { field: 'locationIds', lookup: 'locations', many: true },
] as const satisfies ReadonlyArray<UserRecordField<keyof UserGoalInput>>;

/** PUT /:userId body: absent fields keep their stored value ([] when the record is new). */
export class UserGoalInput {
  @IdSet('industries') industryIds?: number[];
  @IdSet('workfunctions') functionIds?: number[];
  @IdSet('skills') skillIds?: number[];
  @IdSet('locations') locationIds?: number[];
}

export class CreateUserGoalDto extends UserGoalInput {
  @UserId() userId!: number;
}

export class UserGoalDto {
  @ApiProperty({ type: 'integer' }) userId!: number;
  @ApiProperty({ type: 'integer', isArray: true }) industryIds!: number[];
  @ApiProperty({ type: 'integer', isArray: true }) functionIds!: number[];
  @ApiProperty({ type: 'integer', isArray: true }) skillIds!: number[];
  @ApiProperty({ type: 'integer', isArray: true }) locationIds!: number[];
}
