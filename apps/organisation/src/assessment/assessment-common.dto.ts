import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, type ValidationOptions } from 'class-validator';
import { IsInt4, ToInteger, WithoutNul } from '@teamfit/common';

export const SEARCH_MAX_LENGTH = 200;
export const PAGE_LIMIT_MAX = 100;

/** A positive integer id (path, body or query). */
export const IsIdentifier = (options?: ValidationOptions): PropertyDecorator => IsInt4(1, options);

/** `search`, `page`, `limit` of every assessment list (spec 4.8; conventions: pagination). */
export class PageQueryDto {
  @ApiPropertyOptional({ maxLength: SEARCH_MAX_LENGTH, description: 'Case-insensitive PostgreSQL regular expression (~*)' })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH)
  @WithoutNul()
  search?: string;

  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @ToInteger()
  @IsInt4(1)
  page: number = 1;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: PAGE_LIMIT_MAX })
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(PAGE_LIMIT_MAX)
  limit: number = 10;
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

/** What every page answers besides its items. */
export class PageInfoDto {
  @ApiProperty({ description: 'Matching records in all pages' })
  total!: number;

  @ApiProperty()
  page!: number;

  @ApiProperty()
  limit!: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}
