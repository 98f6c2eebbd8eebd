import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, type ValidationOptions } from 'class-validator';
import { IsInt4, PageQueryDto, ToInteger, WithoutNul } from '@teamfit/common';

export const SEARCH_MAX_LENGTH = 200;

/** A positive integer id (path, body or query). */
export const IsIdentifier = (options?: ValidationOptions): PropertyDecorator => IsInt4(1, options);

/** `search`, `page`, `limit` of every assessment list (docs/assessment.md; docs/conventions.md, "Pagination"). */
export class SearchPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ maxLength: SEARCH_MAX_LENGTH, description: 'Case-insensitive PostgreSQL regular expression (~*)' })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH)
  @WithoutNul()
  search?: string;
}

/** Path parameters of /{type}/:id: integer ids, so `abc` or `1.5` is a 400 naming `id`. */
export class IntegerIdParams {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @ToInteger()
  @IsIdentifier()
  id!: number;
}

export class AssessmentDeletedDto {
  @ApiProperty({ example: 'Question deleted' })
  message!: string;
}
