import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { ServiceConfig } from '@teamfit/common';
import { AccessGuard } from './guards/access.guard';
import { TokenSigner } from './tokens/token-signer';

/** Installs the token signer and the global access guard in a service. */
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
              issuer: config.jwt.issuer,
              audience: config.jwt.audience,
            }),
        },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
      exports: [TokenSigner],
    };
  }
}
