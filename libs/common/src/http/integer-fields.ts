import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min, type ValidationOptions } from 'class-validator';

/**
 * PostgreSQL `integer` (int4) bounds: ids and counts are stored in int4 columns, so a value beyond
 * them must be refused as a 400 naming the field, not reach the database and fail there as a 500.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** Plain decimal digits, nothing else: `0x10`, ` 1`, `1e3`, `+1`, `1.0` are not integers on the wire. */
export const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * Path and query values arrive as strings. Only plain decimal digits become numbers; anything else
 * is left as it came, so `@IsInt()` refuses it naming the field (`Number()` would read `0x10` as 16
 * and ` 1` as 1, which is how loose ids reached real rows).
 */
export const ToInteger = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value));

/** An integer within `min`..int4 maximum (`each` for arrays): the single rule for every int4 field. */
export const IsInt4 = (min: number = INT4_MIN, options?: ValidationOptions): PropertyDecorator =>
  applyDecorators(IsInt(options), Min(min, options), Max(INT4_MAX, options));
