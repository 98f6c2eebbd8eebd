import { ApiProperty } from '@nestjs/swagger';
import {
  type DimensionDetail,
  type DimensionResult,
  SCORE_TYPES,
  type ScoreCategory,
  type ScoreType,
  type ValidityResult,
  WORKSTYLE_SCORING_VERSION,
  type WorkstyleResult,
} from '@teamfit/scoring';

/*
 * The results an evaluation stores when its last answer arrives, described for OpenAPI. Owned by
 * the evaluation service, which answers them (GET /evaluation/:id and the answer that completes
 * it); here so that the profile service's export of a persona describes them with the same schema.
 */

export const SCORE_CATEGORIES: readonly ScoreCategory[] = ['low', 'medium', 'high'];
const LEVEL = { type: 'number', nullable: true, description: 'On the 1-5 answer scale' } as const;

export class DimensionDetailDto implements DimensionDetail {
  @ApiProperty({ ...LEVEL, description: "The candidate's mean scored value; null when no item of the dimension was answered" })
  candidateLevel!: number | null;
  @ApiProperty({ ...LEVEL, description: "Mean of the members' levels; null when no member has one" }) teamMean!: number | null;
  @ApiProperty(LEVEL) teamMin!: number | null;
  @ApiProperty(LEVEL) teamMax!: number | null;
  @ApiProperty({ type: 'number', nullable: true, description: 'candidateLevel - teamMean' }) delta!: number | null;
}

export class DimensionResultDto implements DimensionResult {
  @ApiProperty({ type: 'integer' }) questionGroupId!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: SCORE_TYPES }) scoreType!: ScoreType;
  @ApiProperty({ type: 'number', minimum: 0, maximum: 100 }) scorePercentage!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) scoreCategory!: ScoreCategory;
  @ApiProperty({ type: 'number', minimum: 0, maximum: 100 }) weightPercentage!: number;
  @ApiProperty({ type: DimensionDetailDto }) detail!: DimensionDetailDto;
}

/** Flags for review; they never change a score. */
export class ResultValidityDto implements ValidityResult {
  @ApiProperty({ type: 'number', nullable: true, description: 'Answered faking items on 0-100; null when none was answered' })
  fakingIndex!: number | null;
  @ApiProperty({ type: 'number', minimum: 0, maximum: 1, description: 'Share of answers given in under 2 seconds' })
  fastAnswerRatio!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Longest run of identical answers' }) longestSameAnswerRun!: number;
  @ApiProperty() flagged!: boolean;
}

/** Stored when the last answer arrives; every later read returns it unchanged. */
export class EvaluationResultsDto implements WorkstyleResult {
  @ApiProperty({ type: 'number', minimum: 0, maximum: 100 }) overallScore!: number;
  @ApiProperty({ enum: SCORE_CATEGORIES }) overallCategory!: ScoreCategory;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Seconds, summed over the answers' }) totalTimeTaken!: number;
  @ApiProperty({ type: DimensionResultDto, isArray: true }) dimensions!: readonly DimensionResultDto[];
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Members whose answers formed the team context' }) teamSize!: number;
  @ApiProperty({ enum: [WORKSTYLE_SCORING_VERSION] }) scoringVersion!: typeof WORKSTYLE_SCORING_VERSION;
  @ApiProperty({ type: ResultValidityDto }) validity!: ResultValidityDto;
}
