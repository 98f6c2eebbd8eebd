import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { IsInt4, ToInteger } from './integer-fields';

export const PAGE_LIMIT_MAX = 100;

/** `page` and `limit` of every list: defaults 1 and 10, limit at most 100 (400 above). */
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @ToInteger()
  @IsInt4(1)
  page: number = 1;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: 10 })
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(PAGE_LIMIT_MAX)
  limit: number = 10;
}

export interface PageRequest {
  page: number;
  limit: number;
}

/** A page of a list answered as an object: its items and where they stand in the whole list. */
export interface Page<T> extends PageRequest {
  items: T[];
  total: number;
}

export const pageOf = <T>(items: T[], total: number, { page, limit }: PageRequest): Page<T> => ({ items, total, page, limit });

/** Rows to skip; page and limit are bounded by validation, so the product stays a safe integer. */
export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

/** What every page answers besides its items; a `<Thing>PageDto` adds `items`. */
export class PageInfoDto {
  @ApiProperty({ description: 'Matching records in all pages' })
  total!: number;

  @ApiProperty()
  page!: number;

  @ApiProperty()
  limit!: number;
}
