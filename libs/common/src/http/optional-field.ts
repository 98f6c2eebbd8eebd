import { ValidateIf } from 'class-validator';

/**
 * Optional, but never null: `@IsOptional()` also lets `null` through, which for a NOT NULL column
 * would reach PostgreSQL and fail as a 500 instead of a 400 naming the field.
 */
export const IsOmittable = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);
