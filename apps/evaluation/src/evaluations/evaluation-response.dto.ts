// What the questionnaire flow answers (GET and POST /evaluation, GET /evaluation/:id, answer,
// questions), described for OpenAPI. Each class mirrors a type the service returns; the
// controller's return types make the compiler hold the two together.
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { EVALUATION_STATUSES, EvaluationResultsDto, type EvaluationStatus } from '@teamfit/evaluations';

// The stored results are described in libs/evaluations: the profile service's export shows them too.
export { DimensionDetailDto, DimensionResultDto, EvaluationResultsDto, ResultValidityDto, SCORE_CATEGORIES } from '@teamfit/evaluations';

const TIMESTAMP = { type: String, format: 'date-time' } as const;

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

/** An evaluation's summary with when it was last invited: what the list, the read and the creation answer. */
export class EvaluationOverviewDto extends EvaluationSummaryDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When an administrator last invited the persona to it (`POST /evaluation/evaluation/{id}/invitation`); null when never',
  })
  invitedAt!: string | null;
}

export class EvaluationListDto {
  @ApiProperty({ type: EvaluationOverviewDto, isArray: true }) items!: EvaluationOverviewDto[];
  @ApiProperty({ type: 'integer', minimum: 0 }) total!: number;
}

/** GET /evaluation/:id: the next question while incomplete, the results once complete. */
export class EvaluationDto extends EvaluationOverviewDto {
  @ApiPropertyOptional({ type: ServedQuestionDto, description: 'The next unanswered question; absent once complete' })
  currentQuestion?: ServedQuestionDto;
  @ApiPropertyOptional({ type: EvaluationResultsDto, description: 'Present once complete' }) results?: EvaluationResultsDto;
}

/** POST /evaluation: a new evaluation (201) or the active one resumed (200). */
export class CreatedEvaluationDto extends EvaluationOverviewDto {
  @ApiProperty({ description: 'true when the active evaluation of this persona and team was resumed' }) resumed!: boolean;
  @ApiPropertyOptional({ type: ServedQuestionDto, description: 'The next unanswered question' }) currentQuestion?: ServedQuestionDto;
}

export class AnsweredEvaluationDto extends EvaluationSummaryDto {
  @ApiProperty({ type: ServedQuestionDto, nullable: true, description: 'null once the last question is answered' })
  nextQuestion!: ServedQuestionDto | null;
  @ApiPropertyOptional({ type: EvaluationResultsDto, description: 'Present on the answer that completes the evaluation' })
  results?: EvaluationResultsDto;
}

export class StoredAnswerDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5 }) value!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Seconds' }) timeTaken!: number;
  @ApiProperty(TIMESTAMP) answeredAt!: string;
}

export class QuestionRailItemDto extends OmitType(ServedQuestionDto, ['summary'] as const) {
  summary!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Position in delivery order, from 0' }) order!: number;
  @ApiProperty({ enum: ['answered', 'current', 'pending'] }) status!: 'answered' | 'current' | 'pending';
  @ApiPropertyOptional({ type: StoredAnswerDto, description: 'Only when answered' }) answer?: StoredAnswerDto;
}

export class QuestionRailDto {
  @ApiProperty({ type: QuestionRailItemDto, isArray: true }) items!: QuestionRailItemDto[];
  @ApiProperty({ type: EvaluationProgressDto }) progress!: EvaluationProgressDto;
}
