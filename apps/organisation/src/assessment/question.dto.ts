import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LIKERT_ANSWER_SETS, type LikertAnswerSet, QUESTION_TYPES, type QuestionRow, type QuestionType } from '@teamfit/assessment';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsInt4, IsOmittable, PageInfoDto, ToInteger } from '@teamfit/common';
import { IsIdentifier, SearchPageQueryDto } from './assessment-common.dto';

const TEXT_MAX_LENGTH = 2000;
const SUMMARY_MAX_LENGTH = 1000;
const METADATA_MAX_LENGTH = 200;

export class QuestionDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'integer' })
  questionGroupId!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Display order within the group; questions without one come last' })
  orderIndex!: number | null;

  @ApiProperty({ enum: QUESTION_TYPES, enumName: 'QuestionType' })
  type!: QuestionType;

  text!: string;

  summary!: string | null;

  @ApiProperty({ enum: LIKERT_ANSWER_SETS, enumName: 'LikertAnswerSet', nullable: true })
  likertAnswerSet!: LikertAnswerSet | null;

  @ApiProperty({ type: String, nullable: true, description: 'e.g. the conflict sub-group' })
  metadata!: string | null;

  @ApiProperty({ description: 'Validity (social-desirability) item, never scored' })
  faking!: boolean;

  reverseScore!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class QuestionPageDto extends PageInfoDto {
  @ApiProperty({ type: QuestionDto, isArray: true })
  items!: QuestionDto[];
}

export class QuestionListQuery extends SearchPageQueryDto {
  @ApiPropertyOptional({ type: 'integer', description: 'Only the questions of this group' })
  @IsOptional()
  @ToInteger()
  @IsIdentifier()
  questionGroupId?: number;
}

/** `summary`, `likertAnswerSet`, `metadata` and `orderIndex` may be null (cleared); the rest may not. */
export class CreateQuestionDto {
  @ApiProperty({ type: 'integer' })
  @IsIdentifier()
  questionGroupId!: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0 })
  @IsOptional()
  @IsInt4(0)
  orderIndex?: number | null;

  @ApiProperty({ enum: QUESTION_TYPES, enumName: 'QuestionType' })
  @IsIn(QUESTION_TYPES)
  type!: QuestionType;

  @ApiProperty({ maxLength: TEXT_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX_LENGTH)
  text!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: SUMMARY_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(SUMMARY_MAX_LENGTH)
  summary?: string | null;

  @ApiPropertyOptional({ enum: LIKERT_ANSWER_SETS, enumName: 'LikertAnswerSet', nullable: true })
  @IsOptional()
  @IsIn(LIKERT_ANSWER_SETS)
  likertAnswerSet?: LikertAnswerSet | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: METADATA_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(METADATA_MAX_LENGTH)
  metadata?: string | null;

  @IsBoolean()
  faking!: boolean;

  @IsBoolean()
  reverseScore!: boolean;
}

export class UpdateQuestionDto {
  @ApiPropertyOptional({ type: 'integer', description: 'Moves the question to another group' })
  @IsOmittable()
  @IsIdentifier()
  questionGroupId?: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0 })
  @IsOptional()
  @IsInt4(0)
  orderIndex?: number | null;

  @ApiPropertyOptional({ enum: QUESTION_TYPES, enumName: 'QuestionType' })
  @IsOmittable()
  @IsIn(QUESTION_TYPES)
  type?: QuestionType;

  @ApiPropertyOptional({ maxLength: TEXT_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX_LENGTH)
  text?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: SUMMARY_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(SUMMARY_MAX_LENGTH)
  summary?: string | null;

  @ApiPropertyOptional({ enum: LIKERT_ANSWER_SETS, enumName: 'LikertAnswerSet', nullable: true })
  @IsOptional()
  @IsIn(LIKERT_ANSWER_SETS)
  likertAnswerSet?: LikertAnswerSet | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: METADATA_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(METADATA_MAX_LENGTH)
  metadata?: string | null;

  @IsOmittable()
  @IsBoolean()
  faking?: boolean;

  @IsOmittable()
  @IsBoolean()
  reverseScore?: boolean;
}

export function mapQuestion(row: QuestionRow): QuestionDto {
  return {
    id: row.id,
    questionGroupId: row.questionGroupId,
    orderIndex: row.orderIndex,
    type: row.type,
    text: row.text,
    summary: row.summary,
    likertAnswerSet: row.likertAnswerSet,
    metadata: row.metadata,
    faking: row.faking,
    reverseScore: row.reverseScore,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
