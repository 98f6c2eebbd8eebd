// POST/GET /evaluation/:id/reviews and POST /evaluation/:id/contest: what they take and answer.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, PageInfoDto } from '@teamfit/common';
import { IsIn, IsNumber, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { REVIEW_DECISIONS, REVIEW_KINDS, type ReviewDecision, type ReviewKind } from '../database/evaluation.schema';

/** A review's reason and a contest's message: enough for a paragraph, bounded like every text the platform stores. */
export const REVIEW_TEXT_MAX = 2000;
export const CONTEST_STATUSES = ['OPEN', 'RESOLVED'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

export class CreateEvaluationReviewDto {
  @ApiProperty({
    enum: REVIEW_DECISIONS,
    enumName: 'ReviewDecision',
    description:
      'CONFIRMED: the computed result stands. OVERRIDDEN: a person decided another overall score (`overallScore`), shown beside the computed one. EXCLUDED: the result leaves shortlists and the adverse-impact sample unless `includeExcluded`.',
  })
  @IsIn(REVIEW_DECISIONS)
  decision!: ReviewDecision;

  @ApiProperty({
    minLength: 1,
    maxLength: REVIEW_TEXT_MAX,
    description: 'Why; not blank',
    example: 'Checked the answers with the candidate',
  })
  @IsString()
  @MaxLength(REVIEW_TEXT_MAX)
  @Matches(/\S/, { message: 'reason must not be blank' })
  reason!: string;

  @ApiPropertyOptional({
    type: 'number',
    minimum: 0,
    maximum: 100,
    description:
      'Required with OVERRIDDEN, refused with the other decisions: the overall score a person decided (0-100, two decimals at most)',
    example: 72.5,
  })
  @IsOmittable()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  overallScore?: number;
}

export class CreateEvaluationContestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: REVIEW_TEXT_MAX,
    description: 'What the persona contests and why; not blank',
    example: 'I answered in a hurry; please have someone look at my result',
  })
  @IsString()
  @MaxLength(REVIEW_TEXT_MAX)
  @Matches(/\S/, { message: 'message must not be blank' })
  message!: string;
}

/** One entry of an evaluation's review list: an administrator's review or the persona's contest. */
export class EvaluationReviewDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) evaluationId!: string;
  @ApiProperty({ enum: REVIEW_KINDS, enumName: 'ReviewKind', description: "REVIEW: an administrator's; CONTEST: the persona's" })
  kind!: ReviewKind;
  @ApiProperty({
    enum: REVIEW_DECISIONS,
    enumName: 'ReviewDecision',
    nullable: true,
    description: 'A review’s decision; null for a contest',
  })
  decision!: ReviewDecision | null;
  @ApiProperty({
    type: 'number',
    nullable: true,
    minimum: 0,
    maximum: 100,
    description: 'OVERRIDDEN only: the overall score the reviewer decided. The computed score stays in the results and ranks shortlists.',
  })
  overallScore!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'A review’s reason; null for a contest' }) reason!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A contest’s message; null for a review' }) message!: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      "Who: the reviewing administrator's account id; null for a contest (the evaluation's own persona made it), and on the persona's own read (a persona is not shown which administrator reviewed)",
  })
  accountId!: string | null;
  @ApiProperty({
    enum: CONTEST_STATUSES,
    enumName: 'ContestStatus',
    nullable: true,
    description: 'A contest: OPEN until an administrator records the next review of the evaluation, which resolves it; null for a review',
  })
  status!: ContestStatus | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'A resolved contest: the review that resolved it' })
  resolvedByReviewId!: string | null;
  @ApiProperty({ type: String, format: 'date-time', description: 'When: the time it was recorded' }) createdAt!: string;
}

export class EvaluationReviewPageDto extends PageInfoDto {
  @ApiProperty({
    type: [EvaluationReviewDto],
    description: 'Oldest first, in the order they were recorded (append-only: entries are never changed or removed)',
  })
  items!: EvaluationReviewDto[];
}
