import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AcceptTokens } from '@teamfit/auth';
import { AlgorithmErrorDto } from './algorithm-http.dto';

/** The header carrying a list's total, the body being a plain array of one page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const TOTAL_COUNT_OPENAPI = { [TOTAL_COUNT_HEADER]: { description: 'Number of records in the whole collection', schema: { type: 'integer' } } };

/**
 * Access of every algorithm collection: account tokens only (a persona may read only its own
 * persona and evaluations, docs/contract.md "Access"); writes are marked @AdminOnly().
 */
export const AlgorithmAccess = (): ClassDecorator =>
  applyDecorators(
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No Authorization header', type: AlgorithmErrorDto }),
    ApiForbiddenResponse({ description: 'Invalid or expired token, not an account token, or not an administrator (writes)', type: AlgorithmErrorDto }),
    AcceptTokens('account'),
  );
