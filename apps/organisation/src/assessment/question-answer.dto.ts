import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ANSWER_TEXT_MAX_LENGTH, type QuestionAnswerRow } from '@teamfit/assessment';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsInt4, IsOmittable, PageInfoDto, ToInteger } from '@teamfit/common';
import { IsIdentifier, SearchPageQueryDto } from './assessment-common.dto';

export class QuestionAnswerDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'integer' })
  orderIndex!: number;

  @ApiProperty({ type: String, nullable: true, maxLength: ANSWER_TEXT_MAX_LENGTH })
  text!: string | null;

  @ApiProperty({ type: 'integer', description: 'The numeric score' })
  value!: number;

  @ApiProperty({ type: 'integer' })
  questionId!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class QuestionAnswerPageDto extends PageInfoDto {
  @ApiProperty({ type: QuestionAnswerDto, isArray: true })
  items!: QuestionAnswerDto[];
}

export class QuestionAnswerListQuery extends SearchPageQueryDto {
  @ApiPropertyOptional({ type: 'integer', description: 'Only the answers of this question' })
  @IsOptional()
  @ToInteger()
  @IsIdentifier()
  questionId?: number;
}

/** Unique per question: `value`, and `orderIndex` (docs/assessment.md). Integers, within PostgreSQL `integer`. */
export class CreateQuestionAnswerDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Unique within the question' })
  @IsInt4(0)
  orderIndex!: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: ANSWER_TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(ANSWER_TEXT_MAX_LENGTH)
  text?: string | null;

  @ApiProperty({ type: 'integer', description: 'The numeric score; unique within the question' })
  @IsInt4()
  value!: number;

  @ApiProperty({ type: 'integer' })
  @IsIdentifier()
  questionId!: number;
}

export class UpdateQuestionAnswerDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  @IsOmittable()
  @IsInt4(0)
  orderIndex?: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: ANSWER_TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(ANSWER_TEXT_MAX_LENGTH)
  text?: string | null;

  @ApiPropertyOptional({ type: 'integer' })
  @IsOmittable()
  @IsInt4()
  value?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Moves the answer to another question' })
  @IsOmittable()
  @IsIdentifier()
  questionId?: number;
}

export function mapQuestionAnswer(row: QuestionAnswerRow): QuestionAnswerDto {
  return {
    id: row.id,
    orderIndex: row.orderIndex,
    text: row.text,
    value: row.value,
    questionId: row.questionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
