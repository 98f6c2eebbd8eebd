import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC_ROUTE } from '@teamfit/common';
import { TokenError, TokenSigner } from '../tokens/token-signer';
import type { TokenKind } from '../tokens/token-kind';
import { ACCEPTED_TOKEN_KINDS, ADMIN_ONLY, type AuthenticatedRequest, DEFAULT_TOKEN_KINDS } from './access.decorators';

/**
 * The global guard: every route needs a valid token unless marked @Public(). Missing header is
 * 401; a token that is malformed, forged, expired or of the wrong kind is 403 (spec section 5).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenSigner,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') throw new UnauthorizedException('Missing Authorization header');
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match?.[1]) throw new ForbiddenException('Authorization header must be "Bearer <token>"');

    let token;
    try {
      token = this.tokens.verify(match[1]);
    } catch (error) {
      if (error instanceof TokenError) throw new ForbiddenException('Invalid or expired token');
      throw error;
    }

    const accepted = this.reflector.getAllAndOverride<TokenKind[] | undefined>(ACCEPTED_TOKEN_KINDS, targets) ?? DEFAULT_TOKEN_KINDS;
    if (!accepted.includes(token.kind)) throw new ForbiddenException(`A ${token.kind} token cannot be used here`);
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !(token.kind === 'account' && token.isAdmin === true)) {
      throw new ForbiddenException('Administrator rights are required');
    }
    request.principal = token;
    return true;
  }
}
