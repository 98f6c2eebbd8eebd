import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from './error-response.dto';

/** The error statuses routes describe; each answers the platform error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/**
 * The error answers of a route or controller, each with the platform error body:
 * `@ApiErrors({ 400: 'id is not a UUID', 404: 'No account has this id' })`.
 */
export const ApiErrors = (descriptions: Partial<Record<ErrorStatus, string>>): ReturnType<typeof applyDecorators> =>
  applyDecorators(
    ...Object.entries(descriptions).map(([status, description]) =>
      ApiResponse({ status: Number(status), description, type: ErrorResponseDto }),
    ),
  );
