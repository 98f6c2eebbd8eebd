// What team-match, compare-team and compare answer, described for OpenAPI. Nothing of it is stored.
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions, getSchemaPath } from '@nestjs/swagger';
import {
  type CombinedScore,
  COMPARISON_MODES,
  type ComparisonMode,
  type RoleCriterionName,
  type RoleMatchElement,
  type RoleMatchFailure,
  type RoleMatchResult,
  type RoleMatchScore,
  type RoleMatchSource,
  type ScoreCategory,
} from '@teamfit/scoring';
import { DimensionResultDto, SCORE_CATEGORIES } from './evaluation-response.dto';

const ROLE_CRITERIA: readonly RoleCriterionName[] = [
  'industry',
  'function',
  'skill',
  'studyMajor',
  'professionalYears',
  'educationLevel',
  'location',
];
const ROLE_MATCH_SOURCES: readonly RoleMatchSource[] = ['experience', 'goal'];
const SCORE = { type: 'number', minimum: 0, maximum: 100 } as const;

export class RoleMatchElementDto implements RoleMatchElement {
  @ApiProperty({ enum: ROLE_CRITERIA }) name!: RoleCriterionName;
  @ApiProperty({ type: 'integer', minimum: 1 }) priority!: number;
  @ApiProperty({ type: 'number', minimum: 0, maximum: 1 }) percentageMatch!: number;
  @ApiProperty({ type: 'number' }) points!: number;
  @ApiProperty({ type: 'number' }) maxPoints!: number;
  @ApiProperty({ enum: ROLE_MATCH_SOURCES }) source!: RoleMatchSource;
}

export class RoleMatchScoreDto implements RoleMatchScore {
  @ApiProperty({ type: 'integer' }) roleId!: number;
  @ApiProperty(SCORE) score!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) scoreCategory!: ScoreCategory;
  @ApiProperty({ ...SCORE, nullable: true, description: 'null when the specification has no experience criterion' }) experienceScore!:
    number | null;
  @ApiProperty({ ...SCORE, nullable: true, description: 'null when the specification has no goal criterion' }) goalScore!: number | null;
  @ApiProperty({ type: RoleMatchElementDto, isArray: true }) breakdown!: readonly RoleMatchElementDto[];
}

/** Instead of a score, when the role match cannot be computed. */
export class RoleMatchErrorDto implements RoleMatchFailure {
  @ApiProperty({ type: 'integer' }) roleId!: number;
  @ApiProperty({ example: 'Cannot resolve algorithmUserId for role match' }) error!: string;
}

/** A role match: a score, or an error instead of one; null when there is no role to match. */
export const roleMatchProperty = (description: string): ApiPropertyOptions => ({
  nullable: true,
  oneOf: [{ $ref: getSchemaPath(RoleMatchScoreDto) }, { $ref: getSchemaPath(RoleMatchErrorDto) }],
  description,
});

/** The models only roleMatchProperty refers to, for the controller's @ApiExtraModels. */
export const ROLE_MATCH_MODELS = [RoleMatchScoreDto, RoleMatchErrorDto];

export class CombinedScoreDto implements CombinedScore {
  @ApiProperty(SCORE) score!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) scoreCategory!: ScoreCategory;
  @ApiProperty({ type: 'number', minimum: 0, maximum: 100 }) roleWeight!: number;
}

export class TeamMatchWorkstyleDto {
  @ApiProperty(SCORE) score!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) scoreCategory!: ScoreCategory;
  @ApiProperty({ type: DimensionResultDto, isArray: true }) dimensions!: readonly DimensionResultDto[];
}

/** POST /evaluation/:id/team-match. */
export class TeamMatchDto {
  @ApiProperty({ format: 'uuid' }) evaluationId!: string;
  @ApiProperty({ type: 'integer' }) algorithmTeamId!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null when the team has no role' }) roleId!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null when none is given and the persona has no numeric user id' })
  algorithmUserId!: number | null;
  @ApiProperty({ type: TeamMatchWorkstyleDto }) workstyle!: TeamMatchWorkstyleDto;
  @ApiProperty(roleMatchProperty('null when the team has no role or the role no specification')) roleMatch!: RoleMatchResult | null;
  @ApiProperty({ type: CombinedScoreDto, nullable: true, description: 'The workstyle score alone when there is no role-match score' })
  combined!: CombinedScoreDto | null;
}

export class TeamReferenceDto {
  @ApiProperty({ type: 'integer' }) algorithmTeamId!: number;
  teamName!: string | null;
}

export class TeamComparisonWorkstyleDto {
  @ApiProperty(SCORE) overallScore!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) overallCategory!: ScoreCategory;
  @ApiProperty({ type: DimensionResultDto, isArray: true }) dimensions!: readonly DimensionResultDto[];
}

/** POST /evaluation/:id/compare-team. */
export class TeamComparisonDto {
  @ApiProperty({ format: 'uuid' }) evaluationId!: string;
  @ApiProperty({ format: 'uuid' }) personaId!: string;
  @ApiProperty({ type: TeamReferenceDto, description: "The evaluation's own team" }) sourceTeam!: TeamReferenceDto;
  @ApiProperty({ type: TeamReferenceDto }) targetTeam!: TeamReferenceDto;
  @ApiProperty({ type: TeamComparisonWorkstyleDto }) workstyle!: TeamComparisonWorkstyleDto;
  @ApiProperty(roleMatchProperty('null without roleId, or when the role has no specification')) roleMatch!: RoleMatchResult | null;
  @ApiProperty({ type: CombinedScoreDto, nullable: true, description: 'null unless the role match has a score' })
  combined!: CombinedScoreDto | null;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Stored answers used' }) answersUsed!: number;
  @ApiProperty({ type: String, format: 'date-time' }) computedAt!: string;
}

/** POST /evaluation/compare. */
export class EvaluationComparisonDto {
  @ApiProperty({ enum: COMPARISON_MODES }) mode!: ComparisonMode;
  @ApiProperty({ format: 'uuid' }) evaluationIdA!: string;
  @ApiProperty({ format: 'uuid' }) evaluationIdB!: string;
  @ApiProperty({ ...SCORE, description: 'PAIRWISE: A to B; MUTUAL and SIMULATED_TEAM: the mean of both directions' }) score!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) scoreCategory!: ScoreCategory;
  @ApiProperty({ type: DimensionResultDto, isArray: true, description: 'A to B' }) dimensions!: readonly DimensionResultDto[];
  @ApiPropertyOptional({ ...SCORE, description: 'B to A; MUTUAL and SIMULATED_TEAM only' }) reverseScore?: number;
  @ApiPropertyOptional({ type: DimensionResultDto, isArray: true, description: 'B to A; MUTUAL and SIMULATED_TEAM only' })
  reverseDimensions?: readonly DimensionResultDto[];
}
