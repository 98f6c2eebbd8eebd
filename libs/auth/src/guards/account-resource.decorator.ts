import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@teamfit/common';
import { AcceptTokens } from './access.decorators';

/**
 * The most common access rule of the dashboard's resources (docs/contract.md, "Access"): any
 * account token reads, administrators write (routes add `@AdminOnly()`), persona tokens are
 * refused. One decorator carries the rule and its OpenAPI description, so they cannot drift apart.
 */
export const AccountResource = (tag: string): ClassDecorator =>
  applyDecorators(
    ApiTags(tag),
    ApiBearerAuth(),
    ApiErrors({ 401: 'No Authorization header', 403: 'Invalid or expired token, not an account token, or not an administrator (writes)' }),
    AcceptTokens('account'),
  );
