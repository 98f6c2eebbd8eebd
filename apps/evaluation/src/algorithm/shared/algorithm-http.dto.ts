import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { IsInt4, IsOmittable, ToInteger } from '@teamfit/common';

export const MAX_PAGE_LIMIT = 100;

/** `/:id` of the identity-keyed collections: a positive integer, else 400 naming `id`. */
export class IdParams {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  @ToInteger()
  @IsInt4(1)
  id!: number;
}

/** `/:userId` of user experiences and goals: the persona's integer user id (>= 0, like algorithmUserId). */
export class UserIdParams {
  @ApiProperty({ type: 'integer', minimum: 0, example: 1001 })
  @ToInteger()
  @IsInt4(0)
  userId!: number;
}

/** page/limit of every list (docs/conventions.md): defaults 1 and 10, limit at most 100. */
export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @IsOmittable()
  @ToInteger()
  @IsInt4(1)
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: 10 })
  @IsOmittable()
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_LIMIT)
  limit?: number;
}

export interface Page {
  offset: number;
  limit: number;
}

export function pageOf(query: PageQuery): Page {
  const limit = query.limit ?? 10;
  return { offset: ((query.page ?? 1) - 1) * limit, limit };
}

export class AlgorithmDeletedDto {
  @ApiProperty({ example: 'Industry deleted' })
  message!: string;
}
