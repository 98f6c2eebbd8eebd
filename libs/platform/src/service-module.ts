import type { DynamicModule, ModuleMetadata } from '@nestjs/common';
import { SecurityModule } from '@teamfit/auth';
import { type Clock, PlatformModule, type ServiceConfig } from '@teamfit/common';
import { DatabaseModule } from '@teamfit/database';

export type ServiceParts = Pick<ModuleMetadata, 'imports' | 'controllers' | 'providers'> & {
  /** "Now" of the service (`@InjectClock()`); tests move it instead of waiting. */
  clock?: Clock;
};

/**
 * A service's root module: the platform pieces every service shares (configuration, error body,
 * validation, health, the access guard, the database) plus the service's own parts.
 */
export function serviceModule(config: ServiceConfig, rootClass: DynamicModule['module'], parts: ServiceParts = {}): DynamicModule {
  return {
    module: rootClass,
    imports: [
      PlatformModule.forRoot(config, parts.clock),
      SecurityModule.forRoot(config),
      DatabaseModule.forRoot({ databaseUrl: config.databaseUrl, readUrl: config.databaseReadUrl, applicationName: config.service }),
      ...(parts.imports ?? []),
    ],
    controllers: parts.controllers ?? [],
    providers: parts.providers ?? [],
  };
}
