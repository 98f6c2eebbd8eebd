import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';
import { MediaDisk } from './files/media-disk';
import { MediaFileController } from './files/media-file.controller';
import { MediaFileRepository } from './files/media-file.repository';
import { MediaFileService } from './files/media-file.service';
import openApiMetadata from './openapi.metadata';

@Module({})
export class MediaAppModule {}

export const mediaAppModule = (config: ServiceConfig): DynamicModule =>
  serviceModule(config, MediaAppModule, {
    openApiMetadata,
    controllers: [MediaFileController],
    providers: [MediaDisk, MediaFileRepository, MediaFileService],
  });
