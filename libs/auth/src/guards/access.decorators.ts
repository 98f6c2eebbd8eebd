import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { PrincipalCarrier } from '@teamfit/common';
import type { FastifyRequest } from 'fastify';
import type { VerifiedToken } from '../tokens/token-claims';
import type { TokenKind } from '../tokens/token-kind';

export const ACCEPTED_TOKEN_KINDS = 'teamfit:accepted-token-kinds';
export const ADMIN_ONLY = 'teamfit:admin-only';
export const TOKEN_REFUSALS = 'teamfit:token-refusals';

/** Routes accept account and persona access tokens unless they say otherwise. */
export const DEFAULT_TOKEN_KINDS: readonly TokenKind[] = ['account', 'persona'];

/** Narrows or widens which kinds of token a route accepts (e.g. `login` for a verify step). */
export const AcceptTokens = (...kinds: TokenKind[]): MethodDecorator & ClassDecorator => SetMetadata(ACCEPTED_TOKEN_KINDS, kinds);

/**
 * How a route answers a caller it does not let in, where the contract says more than the general
 * rule (no Authorization header: 401 "Missing Authorization header"; a token that is malformed,
 * forged, expired or of the wrong kind: 403).
 */
export interface TokenRefusalAnswers {
  /** The status for a present token that is not accepted here (401 for a verify step). */
  invalidStatus?: 401 | 403;
  /** The message of the 401 for a missing header. */
  missingMessage?: string;
}

export const TokenRefusals = (answers: TokenRefusalAnswers): MethodDecorator & ClassDecorator => SetMetadata(TOKEN_REFUSALS, answers);

/** Only account tokens with `isAdmin: true`; everyone else authenticated gets 403. */
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(ADMIN_ONLY, true);

/** Also what the API-call log reads its caller from (`PrincipalCarrier`, libs/common). */
export interface AuthenticatedRequest extends FastifyRequest, PrincipalCarrier {
  principal?: VerifiedToken;
}

/** The verified token of the caller; only on guarded routes. */
export const Principal = createParamDecorator((_data: unknown, context: ExecutionContext): VerifiedToken => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.principal) throw new Error('@Principal() used on a route without authentication');
  return request.principal;
});
