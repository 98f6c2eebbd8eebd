import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { type QuestionGroupRow, SCORE_TYPES, type ScoreType } from '@teamfit/assessment';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { IsOmittable, NAME_MAX_LENGTH, PageInfoDto, TITLE_MAX_LENGTH } from '@teamfit/common';
import { IsIdentifier, SearchPageQueryDto } from './assessment-common.dto';

const STRAPLINE_MAX_LENGTH = 500;
const QUESTION_IDS_MAX = 1000;
/** Names are unique ignoring case; surrounding spaces would make look-alike duplicates. */
const TRIMMED = /^\S(?:[\s\S]*\S)?$/;

export class QuestionGroupDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ example: 'pace' })
  name!: string;

  @ApiProperty({ example: 'Pace' })
  title!: string;

  @ApiProperty({ example: 'How fast you like work to move' })
  strapline!: string;

  @ApiProperty({ enum: SCORE_TYPES, enumName: 'ScoreType' })
  scoreType!: ScoreType;

  @ApiProperty({ type: 'integer', isArray: true, description: "The group's questions in order, from the questions' questionGroupId" })
  questionIds!: number[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class QuestionGroupPageDto extends PageInfoDto {
  @ApiProperty({ type: QuestionGroupDto, isArray: true })
  items!: QuestionGroupDto[];
}

export class QuestionGroupListQuery extends SearchPageQueryDto {}

export class CreateQuestionGroupDto {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH, description: 'Unique, compared ignoring case' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(TRIMMED, { message: 'name must not start or end with whitespace' })
  name!: string;

  @ApiProperty({ maxLength: TITLE_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TITLE_MAX_LENGTH)
  title!: string;

  @ApiProperty({ maxLength: STRAPLINE_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(STRAPLINE_MAX_LENGTH)
  strapline!: string;

  @ApiProperty({ enum: SCORE_TYPES, enumName: 'ScoreType' })
  @IsIn(SCORE_TYPES)
  scoreType!: ScoreType;

  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    default: [],
    description: 'Existing questions to move into the group (each question belongs to one group)',
  })
  @IsOmittable()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(QUESTION_IDS_MAX)
  @IsIdentifier({ each: true })
  questionIds?: number[];
}

/** Only the given fields change; `questionIds` given is the group's whole membership. */
export class UpdateQuestionGroupDto {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(TRIMMED, { message: 'name must not start or end with whitespace' })
  name?: string;

  @ApiPropertyOptional({ maxLength: TITLE_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TITLE_MAX_LENGTH)
  title?: string;

  @ApiPropertyOptional({ maxLength: STRAPLINE_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(STRAPLINE_MAX_LENGTH)
  strapline?: string;

  @ApiPropertyOptional({ enum: SCORE_TYPES, enumName: 'ScoreType' })
  @IsOmittable()
  @IsIn(SCORE_TYPES)
  scoreType?: ScoreType;

  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    description: "The group's questions: listed ones move into it; every question it has must be listed (409 otherwise)",
  })
  @IsOmittable()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(QUESTION_IDS_MAX)
  @IsIdentifier({ each: true })
  questionIds?: number[];
}

export function mapQuestionGroup(row: QuestionGroupRow, questionIds: number[]): QuestionGroupDto {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    strapline: row.strapline,
    scoreType: row.scoreType,
    questionIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
