import { type DynamicModule, Module } from '@nestjs/common';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';
import { FilesModule } from './files/files.module';
import openApiMetadata from './openapi.metadata';

@Module({})
export class MediaAppModule {}

export interface MediaAppOptions {
  /** Tests move time forward instead of waiting (how long a token's standing is trusted). */
  now?: Clock;
}

export const mediaAppModule = (config: ServiceConfig, options: MediaAppOptions = {}): DynamicModule =>
  serviceModule(config, MediaAppModule, {
    openApiMetadata,
    imports: [FilesModule],
    clock: options.now,
  });
