import { Matches, type ValidationOptions } from 'class-validator';

/**
 * A text without NUL characters. Bodies are checked as they are parsed (body-shape.ts); query
 * values are not, and PostgreSQL refuses NUL in a text parameter, which would be a 500.
 */
export const WithoutNul = (options?: ValidationOptions): PropertyDecorator =>
  Matches(/^[^\0]*$/, { message: ({ property }) => `${property} must not contain NUL characters`, ...options });
