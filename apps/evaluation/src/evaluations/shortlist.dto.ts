// POST /algorithm/teams/:id/shortlist and /simulate: what they take and answer, described for OpenAPI.
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt4, IsOmittable, PAGE_LIMIT_MAX } from '@teamfit/common';
import { PERSONA_ROLES, PERSONA_STATUSES, type PersonaRole, type PersonaStatus } from '@teamfit/personas';
import {
  type RoleMatchResult,
  SCORE_TYPES,
  type ScoreCategory,
  type ScoreReason,
  type ScoreReasons,
  type ScoreType,
  type TeamDimensionProfile,
  type TeamProfile,
} from '@teamfit/scoring';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsUUID, Max, Min } from 'class-validator';
import { REVIEW_DECISIONS, type ReviewDecision } from '../database/evaluation.schema';
import { CombinedScoreDto, roleMatchProperty } from './comparison-response.dto';
import { SCORE_CATEGORIES } from './evaluation-response.dto';
import { SHORTLIST_SORTS, type ShortlistSort } from './shortlist.service';

/** A shortlist can be narrowed to this many personas at most (a team's member limit). */
export const SHORTLIST_MAX_PERSONA_IDS = 1000;
const SCORE = { type: 'number', minimum: 0, maximum: 100 } as const;

/** An optional list of distinct persona UUIDs, at most SHORTLIST_MAX_PERSONA_IDS. */
const PersonaIdList = (): PropertyDecorator =>
  applyDecorators(IsOmittable(), IsArray(), ArrayMaxSize(SHORTLIST_MAX_PERSONA_IDS), ArrayUnique(), IsUUID(undefined, { each: true }));
const LEVEL = { type: 'number', nullable: true, description: 'On the 1-5 answer scale' } as const;

/** Every field optional; null is refused like any other wrong value (400 naming the field). */
export class ShortlistRequestDto {
  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    isArray: true,
    maxItems: SHORTLIST_MAX_PERSONA_IDS,
    description: 'Only these personas',
  })
  @PersonaIdList()
  personaIds?: string[];

  @ApiPropertyOptional({ enum: PERSONA_STATUSES, description: 'Only personas with this status' })
  @IsOmittable()
  @IsIn(PERSONA_STATUSES)
  status?: PersonaStatus;

  @ApiPropertyOptional({ enum: PERSONA_ROLES, description: 'Only personas whose typed roles include this one' })
  @IsOmittable()
  @IsIn(PERSONA_ROLES)
  role?: PersonaRole;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'Only personas whose latest evaluation completed after this instant',
  })
  @IsOmittable()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'completedAfter must be an ISO 8601 date-time' })
  completedAfter?: string;

  @ApiPropertyOptional({
    default: false,
    description:
      'Also list results whose latest human review EXCLUDED them (POST /evaluation/evaluation/{id}/reviews); left out by default',
  })
  @IsOmittable()
  @IsBoolean()
  includeExcluded?: boolean;

  @ApiPropertyOptional({
    ...SCORE,
    description: 'Only items whose sort score is at least this (an item without one, sort role, is left out)',
  })
  @IsOmittable()
  @IsNumber()
  @Min(0)
  @Max(100)
  minScore?: number;

  @ApiPropertyOptional({ minimum: 1, description: 'Score each candidate against this role too (role match and combined score)' })
  @IsOmittable()
  @IsInt4(1)
  roleId?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: 50, description: 'Share of the role match in the combined score' })
  @IsOmittable()
  @IsNumber()
  @Min(0)
  @Max(100)
  roleWeight?: number;

  @ApiPropertyOptional({
    enum: SHORTLIST_SORTS,
    default: 'combined',
    description: 'combined is the workstyle score without a roleId; role needs a roleId',
  })
  @IsOmittable()
  @IsIn(SHORTLIST_SORTS)
  sort?: ShortlistSort;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @IsOmittable()
  @IsInt4(1)
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: 10 })
  @IsOmittable()
  @IsInt()
  @Min(1)
  @Max(PAGE_LIMIT_MAX)
  limit?: number;
}

export class ShortlistPersonaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'First and last name, else the username; null without either' }) name!:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: "The persona's role title" }) role!: string | null;
}

export class ScoreReasonDto implements ScoreReason {
  @ApiProperty({ type: 'integer' }) questionGroupId!: number;
  name!: string;
  @ApiProperty({ enum: SCORE_TYPES }) scoreType!: ScoreType;
  @ApiProperty(SCORE) scorePercentage!: number;
  @ApiProperty(SCORE) weightPercentage!: number;
  @ApiProperty({
    type: 'number',
    description: 'weightPercentage × (scorePercentage − overall workstyle score) / 100, in points of the overall score',
  })
  impact!: number;
  @ApiProperty(LEVEL) candidateLevel!: number | null;
  @ApiProperty({ ...LEVEL, description: "Mean of the members' levels; null when no member has one" }) teamMean!: number | null;
}

export class ScoreReasonsDto implements ScoreReasons {
  @ApiProperty({ type: ScoreReasonDto, isArray: true, maxItems: 3, description: 'The dimensions that raise the score most, largest first' })
  raising!: readonly ScoreReasonDto[];
  @ApiProperty({ type: ScoreReasonDto, isArray: true, maxItems: 3, description: 'The dimensions that lower it most, largest first' })
  lowering!: readonly ScoreReasonDto[];
}

export class ShortlistWorkstyleDto {
  @ApiProperty(SCORE) score!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) scoreCategory!: ScoreCategory;
}

/** The latest human review of a listed result. */
export class ShortlistReviewDto {
  @ApiProperty({ enum: REVIEW_DECISIONS, enumName: 'ReviewDecision' }) decision!: ReviewDecision;
  @ApiProperty({
    type: 'number',
    nullable: true,
    minimum: 0,
    maximum: 100,
    description:
      'OVERRIDDEN: the overall score a person decided, beside the computed `workstyle.score` (which ranks the item); null otherwise',
  })
  overallScore!: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) reviewedAt!: string;
}

export class ShortlistItemDto {
  @ApiProperty({ type: ShortlistPersonaDto }) persona!: ShortlistPersonaDto;
  @ApiProperty({ format: 'uuid', description: "The persona's latest completed evaluation, the one scored" }) evaluationId!: string;
  @ApiProperty({ type: String, format: 'date-time' }) completedAt!: string;
  @ApiProperty({ type: ShortlistWorkstyleDto }) workstyle!: ShortlistWorkstyleDto;
  @ApiProperty(roleMatchProperty('null without roleId, or when the role has no specification'))
  roleMatch!: RoleMatchResult | null;
  @ApiProperty({
    type: CombinedScoreDto,
    nullable: true,
    description: 'null without roleId; the workstyle score alone when the role match has no score',
  })
  combined!: CombinedScoreDto | null;
  @ApiProperty({ type: ScoreReasonsDto }) reasons!: ScoreReasonsDto;
  @ApiProperty({
    type: ShortlistReviewDto,
    nullable: true,
    description: "The evaluation's latest human review (contests aside); null when it has none",
  })
  review!: ShortlistReviewDto | null;
}

export class ShortlistDto {
  @ApiProperty({ type: 'integer' }) algorithmTeamId!: number;
  teamName!: string;
  @ApiProperty({ type: 'integer', nullable: true }) roleId!: number | null;
  @ApiProperty({ enum: SHORTLIST_SORTS }) sort!: ShortlistSort;
  @ApiProperty({ type: 'integer', minimum: 1 }) page!: number;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX }) limit!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Items on all pages (after every filter, minScore included)' }) total!: number;
  @ApiProperty({
    type: ShortlistItemDto,
    isArray: true,
    description: 'Highest computed score first (an override never changes the order), then the most recent completion, then persona id',
  })
  items!: ShortlistItemDto[];
}

// POST /algorithm/teams/:id/simulate.

export class TeamSimulationRequestDto {
  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    isArray: true,
    maxItems: SHORTLIST_MAX_PERSONA_IDS,
    description: 'Personas with a completed evaluation, not members yet',
  })
  @PersonaIdList()
  addPersonaIds?: string[];

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    isArray: true,
    maxItems: SHORTLIST_MAX_PERSONA_IDS,
    description: 'Members of the team',
  })
  @PersonaIdList()
  removePersonaIds?: string[];
}

export class TeamDimensionProfileDto implements TeamDimensionProfile {
  @ApiProperty({ type: 'integer' }) questionGroupId!: number;
  name!: string;
  @ApiProperty({ enum: SCORE_TYPES }) scoreType!: ScoreType;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Members with a level on this dimension' }) members!: number;
  @ApiProperty(LEVEL) mean!: number | null;
  @ApiProperty(LEVEL) min!: number | null;
  @ApiProperty(LEVEL) max!: number | null;
  @ApiProperty({ type: 'number', nullable: true, minimum: 0, description: "Population standard deviation of the members' levels" })
  spread!: number | null;
}

export class TeamProfileDto implements TeamProfile {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Members with a completed evaluation' }) teamSize!: number;
  @ApiProperty({ type: TeamDimensionProfileDto, isArray: true }) dimensions!: readonly TeamDimensionProfileDto[];
  @ApiProperty({ type: String, isArray: true, description: 'Conflict styles (CONFLICT sub-groups) in which some member has a level' })
  conflictStyles!: readonly string[];
}

export class MemberFitDto {
  @ApiProperty(SCORE) score!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) scoreCategory!: ScoreCategory;
}

export class SimulatedMemberDto {
  @ApiProperty({ format: 'uuid' }) personaId!: string;
  @ApiProperty({ description: 'Added by the simulation' }) added!: boolean;
  @ApiProperty({
    type: MemberFitDto,
    nullable: true,
    description: 'Workstyle score against the rest of the team as it is; null when added',
  })
  fitBefore!: MemberFitDto | null;
  @ApiProperty({ type: MemberFitDto, description: 'Workstyle score against the rest of the simulated team' }) fitAfter!: MemberFitDto;
}

export class TeamSimulationDto {
  @ApiProperty({ type: 'integer' }) algorithmTeamId!: number;
  teamName!: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The questionnaire version profiles are shown in: that of the most recent completed evaluation',
  })
  questionnaireVersionId!: number | null;
  @ApiProperty({ type: TeamProfileDto }) before!: TeamProfileDto;
  @ApiProperty({ type: TeamProfileDto }) after!: TeamProfileDto;
  @ApiProperty({
    type: SimulatedMemberDto,
    isArray: true,
    description: 'Every member of the simulated team with a completed evaluation, by persona id',
  })
  members!: SimulatedMemberDto[];
}
