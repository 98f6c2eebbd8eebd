import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC_ROUTE } from '@teamfit/common';
import type { VerifiedToken } from '../tokens/token-claims';
import { TokenError } from '../tokens/token-signer';
import type { TokenKind } from '../tokens/token-kind';
import { VerifiedTokenCache } from '../tokens/verified-token-cache';
import {
  ACCEPTED_TOKEN_KINDS,
  ADMIN_ONLY,
  type AuthenticatedRequest,
  DEFAULT_TOKEN_KINDS,
  TOKEN_REFUSALS,
  type TokenRefusalAnswers,
} from './access.decorators';
import { type AccountStanding, TokenStanding } from './token-standing';

/** What a route asks of its callers, read from its decorators once. */
interface RouteAccess {
  isPublic: boolean;
  accepted: readonly TokenKind[];
  adminOnly: boolean;
  missingMessage: string;
  /** Refuses a present token that is not accepted here, with its reason. */
  refuse: (message: string) => Error;
}

const forbidden = (message: string): Error => new ForbiddenException(message);
const unauthorized = (message: string): Error => new UnauthorizedException(message);

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The global guard: every route needs a valid token unless marked @Public(). Missing header is
 * 401; a token that is malformed, forged, expired or of the wrong kind is 403 (docs/contract.md, "Access"),
 * unless the route's @TokenRefusals() says otherwise.
 * Per request it only reads the header and looks the token up (see VerifiedTokenCache): the
 * route's rules are read once per handler, a token's signature once per token.
 * Rights come from the database, not from the token (docs/adr/0067-rights-read-from-the-account.md):
 * an account token is good only while its account exists and is not blocked, and carries
 * administrator rights only while the account has them; a persona token is refused once its persona
 * is erased. Each is one point read per subject, remembered a few seconds (TokenStanding).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  /** By controller class, then handler: an inherited handler may sit under other class rules. */
  private readonly routes = new WeakMap<object, WeakMap<object, RouteAccess>>();
  constructor(
    private readonly reflector: Reflector,
    private readonly verified: VerifiedTokenCache,
    private readonly standing: TokenStanding,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const route = this.accessOf(context);
    if (route.isPublic) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') throw new UnauthorizedException(route.missingMessage);
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) throw route.refuse('Authorization header must be "Bearer <token>"');

    let token;
    try {
      token = this.verified.verify(match[1]);
    } catch (error) {
      if (error instanceof TokenError) throw route.refuse('Invalid or expired token');
      throw error;
    }

    if (!route.accepted.includes(token.kind)) throw route.refuse(`A ${token.kind} token cannot be used here`);
    if (route.adminOnly && !(token.kind === 'account' && token.isAdmin === true)) {
      throw new ForbiddenException('Administrator rights are required');
    }
    if (token.kind === 'account') {
      const standing = this.standing.account(token.sub);
      if (standing instanceof Promise) return standing.then((known) => this.admitAccount(request, route, token, known));
      return this.admitAccount(request, route, token, standing);
    }
    if (token.kind === 'persona') {
      const erased = this.standing.personaErased(token.personaId ?? token.sub);
      if (erased instanceof Promise) return erased.then((known) => this.admitPersona(request, token, known));
      return this.admitPersona(request, token, erased);
    }
    request.principal = token;
    return true;
  }

  /** The token's rights, narrowed to what the account has now: never more than the token says. */
  private admitAccount(request: AuthenticatedRequest, route: RouteAccess, token: VerifiedToken, standing: AccountStanding): boolean {
    if (!standing.active) throw new ForbiddenException('The account of this token no longer exists or is blocked');
    const demoted = token.isAdmin === true && !standing.isAdmin;
    if (demoted && route.adminOnly) throw new ForbiddenException('Administrator rights are required');
    request.principal = demoted ? Object.freeze({ ...token, isAdmin: false }) : token;
    return true;
  }

  private admitPersona(request: AuthenticatedRequest, token: VerifiedToken, erased: boolean): boolean {
    if (erased) throw new ForbiddenException('The persona of this token has been erased');
    request.principal = token;
    return true;
  }

  private accessOf(context: ExecutionContext): RouteAccess {
    const handler = context.getHandler();
    const controller = context.getClass();
    let handlers = this.routes.get(controller);
    if (handlers === undefined) {
      handlers = new WeakMap();
      this.routes.set(controller, handlers);
    }
    let route = handlers.get(handler);
    if (route === undefined) {
      const targets = [handler, controller];
      const refusals = this.reflector.getAllAndOverride<TokenRefusalAnswers | undefined>(TOKEN_REFUSALS, targets) ?? {};
      route = {
        isPublic: this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_ROUTE, targets) === true,
        accepted: this.reflector.getAllAndOverride<TokenKind[] | undefined>(ACCEPTED_TOKEN_KINDS, targets) ?? DEFAULT_TOKEN_KINDS,
        adminOnly: this.reflector.getAllAndOverride<boolean | undefined>(ADMIN_ONLY, targets) === true,
        missingMessage: refusals.missingMessage ?? 'Missing Authorization header',
        refuse: refusals.invalidStatus === 401 ? unauthorized : forbidden,
      };
      handlers.set(handler, route);
    }
    return route;
  }
}
