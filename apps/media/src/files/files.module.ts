import { Module } from '@nestjs/common';
import { MediaDisk } from './media-disk';
import { MediaFileController } from './media-file.controller';
import { MediaFileRepository } from './media-file.repository';
import { MediaFileService } from './media-file.service';

/** Uploaded files (/files): bytes on the media disk, one row each in `media.files`. */
@Module({
  controllers: [MediaFileController],
  providers: [MediaDisk, MediaFileRepository, MediaFileService],
})
export class FilesModule {}
