import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BEARER_CHECK, type BearerCheck, type ServiceConfig } from '@teamfit/common';
import { AccessGuard } from './guards/access.guard';
import { TokenSigner } from './tokens/token-signer';
import { VerifiedTokenCache } from './tokens/verified-token-cache';

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
                verified.verify(token);
                return true;
              } catch {
                return false;
              }
            },
        },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
      exports: [TokenSigner, VerifiedTokenCache, BEARER_CHECK],
    };
  }
}
