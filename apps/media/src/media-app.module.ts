import { type DynamicModule, Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { SERVICE_CONFIG, type ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';
import { HashingDiskStorage } from './files/hashing-disk.storage';
import { mediaFolders, MediaDisk } from './files/media-disk';
import { MediaFileController } from './files/media-file.controller';
import { MediaFileRepository } from './files/media-file.repository';
import { MediaFileService } from './files/media-file.service';

@Module({})
export class MediaAppModule {}

export const mediaAppModule = (config: ServiceConfig): DynamicModule =>
  serviceModule(config, MediaAppModule, {
    imports: [
      MulterModule.registerAsync({
        inject: [SERVICE_CONFIG],
        useFactory: (serviceConfig: ServiceConfig) => ({
          storage: new HashingDiskStorage(mediaFolders(serviceConfig.mediaDir).tmp),
          // One file of at most the service's body limit (100 MB), besides a few small fields.
          limits: { fileSize: serviceConfig.bodyLimitBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
        }),
      }),
    ],
    controllers: [MediaFileController],
    providers: [MediaDisk, MediaFileRepository, MediaFileService],
  });
