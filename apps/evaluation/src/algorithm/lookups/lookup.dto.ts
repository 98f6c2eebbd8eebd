import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ALGORITHM_NAME_MAX_LENGTH, IsInt4, IsOmittable } from '@teamfit/common';
import type { LookupKind } from './lookup.descriptors';

/*
 * One DTO family per lookup kind (named, ordered, located). Update DTOs are written out rather
 * than derived with PartialType, which would add `@IsOptional()` and so accept `null` for NOT NULL
 * columns.
 */

export class NamedLookupDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id!: number;

  @ApiProperty({ example: 'Software' })
  name!: string;
}

export class OrderedLookupDto extends NamedLookupDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Rank for threshold matching: a candidate meets a threshold when their orderBy >= its orderBy',
  })
  orderBy!: number;
}

export class LocatedLookupDto extends NamedLookupDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Country identifier; this service keeps no country lookup, so it is not checked against one',
  })
  countryId!: number;
}

export class CreateNamedLookupDto {
  @ApiProperty({ maxLength: ALGORITHM_NAME_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(ALGORITHM_NAME_MAX_LENGTH)
  name!: string;
}

export class CreateOrderedLookupDto extends CreateNamedLookupDto {
  @ApiProperty({ type: 'integer', minimum: 0 })
  @IsInt4(0)
  orderBy!: number;
}

export class CreateLocatedLookupDto extends CreateNamedLookupDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @IsInt4(1)
  countryId!: number;
}

export class UpdateNamedLookupDto {
  @ApiPropertyOptional({ maxLength: ALGORITHM_NAME_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(ALGORITHM_NAME_MAX_LENGTH)
  name?: string;
}

export class UpdateOrderedLookupDto extends UpdateNamedLookupDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  @IsOmittable()
  @IsInt4(0)
  orderBy?: number;
}

export class UpdateLocatedLookupDto extends UpdateNamedLookupDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOmittable()
  @IsInt4(1)
  countryId?: number;
}

/** The body a lookup write accepts: the validated DTOs of every kind fit it. */
export interface LookupInput {
  name?: string;
  orderBy?: number;
  countryId?: number;
}

export interface LookupKindDtos {
  response: new () => NamedLookupDto;
  create: new () => CreateNamedLookupDto;
  update: new () => UpdateNamedLookupDto;
}

export const LOOKUP_KIND_DTOS: Readonly<Record<LookupKind, LookupKindDtos>> = {
  named: { response: NamedLookupDto, create: CreateNamedLookupDto, update: UpdateNamedLookupDto },
  ordered: { response: OrderedLookupDto, create: CreateOrderedLookupDto, update: UpdateOrderedLookupDto },
  located: { response: LocatedLookupDto, create: CreateLocatedLookupDto, update: UpdateLocatedLookupDto },
};
