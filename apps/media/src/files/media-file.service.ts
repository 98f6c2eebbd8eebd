import { Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import { forbidden, notFound, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { MediaFileRow } from '../database/media.schema';
import { mapMediaFile, type MediaFileDto } from './media-file.dto';
import { MediaFileRepository } from './media-file.repository';
import { MediaDisk } from './media-disk';
import type { StoredUpload } from './hashing-disk.storage';

/** A file ready to be streamed: its row and an open handle (the caller closes it by streaming). */
export interface OpenedMediaFile {
  row: MediaFileRow;
  handle: FileHandle;
}

/** Media rules. Raises DomainErrors only; the platform filter maps them to HTTP. */
@Injectable()
export class MediaFileService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: MediaFileRepository,
    private readonly disk: MediaDisk,
  ) {}

  /**
   * Takes a complete temporary upload: moves it into place, then records it. The row comes last,
   * so a row always names a whole file; if recording fails the file is removed again.
   */
  async store(upload: StoredUpload | undefined, isPublic: boolean, uploadedBy: string): Promise<MediaFileDto> {
    if (!upload) throw validationFailed('file is required (a multipart field named "file")');
    const id = newFileId();
    try {
      await this.disk.adopt(upload.path, id);
    } catch (error) {
      await this.disk.remove(upload.path);
      throw error;
    }
    try {
      const row = await this.repository.insert(this.db, {
        id,
        mimeType: upload.sniffedMimeType,
        size: upload.size,
        originalName: upload.originalname,
        sha256: upload.sha256,
        isPublic,
        uploadedBy,
      });
      return mapMediaFile(row);
    } catch (error) {
      await this.disk.remove(this.disk.pathOf(id));
      throw error;
    }
  }

  /**
   * A public file for any authenticated caller; a private one (a service-request attachment, say)
   * for administrators only. A service acting for an owner forwards that administrator's own token
   * (as libs/media-client does), so it needs no rule or key of its own.
   */
  open(id: string, principal: VerifiedToken): Promise<OpenedMediaFile> {
    return this.openWhere(id, (row) => {
      if (!row.isPublic && !isAdministrator(principal)) throw forbidden('Private files are for administrators');
      return true;
    });
  }

  /** Public files only; a private file is as unknown as a missing one (404), so ids do not leak. */
  openPublic(id: string): Promise<OpenedMediaFile> {
    return this.openWhere(id, (row) => row.isPublic);
  }

  /** The row goes first: once it is gone no reader can find the file, then the bytes go. */
  async remove(id: string): Promise<void> {
    const row = await this.repository.delete(this.db, id);
    if (!row) throw notFound('File');
    await this.disk.remove(this.disk.pathOf(id));
  }

  private async openWhere(id: string, visible: (row: MediaFileRow) => boolean): Promise<OpenedMediaFile> {
    const row = await this.repository.findById(id);
    if (!row || !visible(row)) throw notFound('File');
    try {
      return { row, handle: await this.disk.openForReading(id) };
    } catch (error) {
      // Deleted between the lookup and the open.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('File');
      throw error;
    }
  }
}

const isAdministrator = (principal: VerifiedToken): boolean => principal.kind === 'account' && principal.isAdmin === true;

/**
 * 96 random bits in the 24-hex ObjectId form clients know. A real ObjectId is a timestamp, a
 * per-process value and a counter: the id of one upload gives away its neighbours.
 */
export const newFileId = (): string => randomBytes(12).toString('hex');
