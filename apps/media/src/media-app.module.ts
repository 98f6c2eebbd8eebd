import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';
import { FilesModule } from './files/files.module';
import openApiMetadata from './openapi.metadata';

@Module({})
export class MediaAppModule {}

export const mediaAppModule = (config: ServiceConfig): DynamicModule =>
  serviceModule(config, MediaAppModule, {
    openApiMetadata,
    imports: [FilesModule],
  });
