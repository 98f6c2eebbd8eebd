import type { DynamicModule, ModuleMetadata } from '@nestjs/common';
import { SecurityModule } from '@teamfit/auth';
import { PlatformModule, type PlatformOptions, type ServiceConfig } from '@teamfit/common';
import { DatabaseModule } from '@teamfit/database';

/** The service's own modules, controllers and providers, its clock and its OpenAPI metadata. */
export type ServiceParts = Pick<ModuleMetadata, 'imports' | 'controllers' | 'providers'> & PlatformOptions;

/**
 * A service's root module: the platform pieces every service shares (configuration, error body,
 * validation, health, the access guard, the database) plus the service's own parts.
 */
export function serviceModule(config: ServiceConfig, rootClass: DynamicModule['module'], parts: ServiceParts = {}): DynamicModule {
  return {
    module: rootClass,
    // The service's own modules first: their routes, and so its OpenAPI paths, come before the
    // platform's health and ping routes, as clients have always read them.
    imports: [
      ...(parts.imports ?? []),
      PlatformModule.forRoot(config, { clock: parts.clock, openApiMetadata: parts.openApiMetadata }),
      SecurityModule.forRoot(config),
      DatabaseModule.forRoot({ databaseUrl: config.databaseUrl, readUrl: config.databaseReadUrl, applicationName: config.service }),
    ],
    controllers: parts.controllers ?? [],
    providers: parts.providers ?? [],
  };
}
