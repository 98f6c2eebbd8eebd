// What the questionnaire flow answers (GET and POST /evaluation, GET /evaluation/:id, answer,
// questions), described for OpenAPI. Each class mirrors a type the service returns; the
// controller's return types make the compiler hold the two together.
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
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
import { EVALUATION_STATUSES, type EvaluationStatus } from '../database/evaluation.schema';

export const SCORE_CATEGORIES: readonly ScoreCategory[] = ['low', 'medium', 'high'];
const TIMESTAMP = { type: String, format: 'date-time' } as const;
const LEVEL = { type: 'number', nullable: true, description: 'On the 1-5 answer scale' } as const;

export class EvaluationProgressDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) answered!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Questions in this evaluation' }) total!: number;
}

/** A question as it is served, one at a time. */
export class ServedQuestionDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ example: 'I like a quick tempo.' }) text!: string;
  @ApiPropertyOptional({ description: 'What the question measures; absent when it has none' }) summary?: string;
  @ApiProperty({ example: 'LIKERT' }) type!: string;
  @ApiProperty({ type: String, nullable: true, example: 'agree' }) likertAnswerSet!: string | null;
  @ApiProperty({ type: 'integer' }) questionGroupId!: number;
  @ApiProperty({ example: 'pace' }) questionGroupName!: string;
  @ApiProperty({ example: 'Pace' }) questionGroupTitle!: string;
}

export class DimensionDetailDto implements DimensionDetail {
  @ApiProperty({ ...LEVEL, description: "The candidate's mean scored value; null when no item of the dimension was answered" }) candidateLevel!: number | null;
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
  @ApiProperty({ type: 'number', nullable: true, description: 'Answered faking items on 0-100; null when none was answered' }) fakingIndex!: number | null;
  @ApiProperty({ type: 'number', minimum: 0, maximum: 1, description: 'Share of answers given in under 2 seconds' }) fastAnswerRatio!: number;
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

/** An evaluation without its question or results, as lists show it. */
export class EvaluationSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) personaId!: string;
  @ApiProperty({ type: 'integer', description: 'Algorithm team id' }) teamId!: number;
  @ApiProperty({ enum: EVALUATION_STATUSES }) status!: EvaluationStatus;
  @ApiProperty({ type: EvaluationProgressDto }) progress!: EvaluationProgressDto;
  @ApiProperty(TIMESTAMP) createdAt!: string;
  @ApiProperty(TIMESTAMP) updatedAt!: string;
}

export class EvaluationListDto {
  @ApiProperty({ type: EvaluationSummaryDto, isArray: true }) items!: EvaluationSummaryDto[];
  @ApiProperty({ type: 'integer', minimum: 0 }) total!: number;
}

/** GET /evaluation/:id: the next question while incomplete, the results once complete. */
export class EvaluationDto extends EvaluationSummaryDto {
  @ApiPropertyOptional({ type: ServedQuestionDto, description: 'The next unanswered question; absent once complete' }) currentQuestion?: ServedQuestionDto;
  @ApiPropertyOptional({ type: EvaluationResultsDto, description: 'Present once complete' }) results?: EvaluationResultsDto;
}

/** POST /evaluation: a new evaluation (201) or the active one resumed (200). */
export class CreatedEvaluationDto extends EvaluationSummaryDto {
  @ApiProperty({ description: 'true when the active evaluation of this persona and team was resumed' }) resumed!: boolean;
  @ApiPropertyOptional({ type: ServedQuestionDto, description: 'The next unanswered question' }) currentQuestion?: ServedQuestionDto;
}

export class AnsweredEvaluationDto extends EvaluationSummaryDto {
  @ApiProperty({ type: ServedQuestionDto, nullable: true, description: 'null once the last question is answered' }) nextQuestion!: ServedQuestionDto | null;
  @ApiPropertyOptional({ type: EvaluationResultsDto, description: 'Present on the answer that completes the evaluation' }) results?: EvaluationResultsDto;
}

export class StoredAnswerDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5 }) value!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Seconds' }) timeTaken!: number;
  @ApiProperty(TIMESTAMP) answeredAt!: string;
}

export class QuestionRailItemDto extends OmitType(ServedQuestionDto, ['summary'] as const) {
  @ApiProperty({ type: String, nullable: true }) summary!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Position in delivery order, from 0' }) order!: number;
  @ApiProperty({ enum: ['answered', 'current', 'pending'] }) status!: 'answered' | 'current' | 'pending';
  @ApiPropertyOptional({ type: StoredAnswerDto, description: 'Only when answered' }) answer?: StoredAnswerDto;
}

export class QuestionRailDto {
  @ApiProperty({ type: QuestionRailItemDto, isArray: true }) items!: QuestionRailItemDto[];
  @ApiProperty({ type: EvaluationProgressDto }) progress!: EvaluationProgressDto;
}
