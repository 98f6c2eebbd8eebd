import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConfig, type ServiceConfig } from '@teamfit/common';
import { chmodSync, mkdirSync } from 'node:fs';
import { type FileHandle, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Media folders and files are the service's user's alone. */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Partial uploads older than this are leftovers of a crash, not uploads in progress. */
const STALE_PART_MS = 24 * 60 * 60 * 1000;

/** The folders under MEDIA_DIR: uploads in progress in `tmp/`, complete files in `files/<id>`. */
export function mediaFolders(mediaDir: string): { tmp: string; files: string } {
  const root = path.resolve(mediaDir);
  return { tmp: path.join(root, 'tmp'), files: path.join(root, 'files') };
}

/**
 * Where file bytes live. Both folders are on the same file system, so moving a finished upload
 * into place is an atomic rename: a file under `files/` is always whole.
 */
@Injectable()
export class MediaDisk implements OnModuleInit {
  private readonly logger = new Logger(MediaDisk.name);
  readonly folders: { tmp: string; files: string };

  constructor(@InjectConfig() config: ServiceConfig) {
    this.folders = mediaFolders(config.mediaDir);
    // Synchronously, so the folders exist before the first request can arrive. Only the service's
    // own user may enter them (folders made before this rule included): the files are private.
    for (const folder of [this.folders.tmp, this.folders.files]) {
      mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      chmodSync(folder, PRIVATE_FOLDER_MODE);
    }
  }

  async onModuleInit(): Promise<void> {
    await this.removeStaleParts();
  }

  pathOf(id: string): string {
    return path.join(this.folders.files, id);
  }

  /** Moves a finished upload into place under its id. */
  async adopt(tempPath: string, id: string): Promise<void> {
    await rename(tempPath, this.pathOf(id));
  }

  /** Opened before any header is written, so a missing file fails the request cleanly. */
  openForReading(id: string): Promise<FileHandle> {
    return open(this.pathOf(id), 'r');
  }

  async remove(filePath: string): Promise<void> {
    await rm(filePath, { force: true });
  }

  /** Crash leftovers only: other instances may share the folder and be uploading right now. */
  private async removeStaleParts(): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(this.folders.tmp)) {
      const full = path.join(this.folders.tmp, name);
      try {
        if (now - (await stat(full)).mtimeMs > STALE_PART_MS) {
          await rm(full, { force: true });
          this.logger.warn(`removed the stale partial upload ${name}`);
        }
      } catch {
        // removed meanwhile by its own upload: nothing to do
      }
    }
  }
}
