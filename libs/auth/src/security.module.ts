import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BEARER_CHECK, type BearerCheck, type ServiceConfig } from '@teamfit/common';
import { AccessGuard } from './guards/access.guard';
import { TokenStanding } from './guards/token-standing';
import { DEFAULT_TOKEN_KINDS } from './guards/access.decorators';
import { TokenSigner } from './tokens/token-signer';
import { VerifiedTokenCache } from './tokens/verified-token-cache';

/** The tokens that unlock a body beyond the small limit: access tokens, which every route accepts by default. */
const ACCESS_TOKEN_KINDS: ReadonlySet<string> = new Set(DEFAULT_TOKEN_KINDS);

/**
 * Installs the token signer, the global access guard and, for the body parsers, the check of
 * bearer tokens (one cache of verified tokens serves both).
 */
@Global()
@Module({})
export class SecurityModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: SecurityModule,
      providers: [
        {
          provide: TokenSigner,
          useFactory: () =>
            new TokenSigner({
              publicKeyPem: config.jwt.publicKeyPem,
              privateKeyPem: config.jwt.privateKeyPem,
              previousPublicKeyPems: config.jwt.previousPublicKeyPems,
              issuer: config.jwt.issuer,
              audience: config.jwt.audience,
            }),
        },
        { provide: VerifiedTokenCache, inject: [TokenSigner], useFactory: (signer: TokenSigner) => new VerifiedTokenCache(signer) },
        {
          provide: BEARER_CHECK,
          inject: [VerifiedTokenCache],
          useFactory:
            (verified: VerifiedTokenCache): BearerCheck =>
            (token) => {
              try {
                return ACCESS_TOKEN_KINDS.has(verified.verify(token).kind);
              } catch {
                return false;
              }
            },
        },
        TokenStanding,
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
      exports: [TokenSigner, VerifiedTokenCache, TokenStanding, BEARER_CHECK],
    };
  }
}
