import { SNIFF_BYTES, sniffMimeType } from '@teamfit/media-client';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './media-disk';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What multer hands a storage engine for each file part. */
export interface IncomingFilePart {
  fieldname: string;
  originalname: string;
  encoding: string;
  mimetype: string;
  stream: Readable;
}

/** What the route handler gets as `@UploadedFile()`: a complete temporary file and its facts. */
export interface StoredUpload {
  fieldname: string;
  originalname: string;
  /** The temporary file; the service moves it into place or removes it. */
  path: string;
  size: number;
  sha256: string;
  /** From the content's first bytes; the client's `mimetype` claim is ignored. */
  sniffedMimeType: string;
}

type HandleCallback = (error: unknown, info?: Pick<StoredUpload, 'path' | 'size' | 'sha256' | 'sniffedMimeType'>) => void;

/**
 * A multer storage engine that streams each file to a temporary file under `tmp/` while computing
 * its SHA-256, its size and its sniffed MIME type: the bytes are never held in memory. If the
 * stream fails (the client went away, the size limit was hit, the disk is full) the temporary
 * file is removed before multer hears of it, so an interrupted upload leaves nothing behind.
 */
export class HashingDiskStorage {
  constructor(private readonly tmpFolder: string) {}

  _handleFile(_request: unknown, file: IncomingFilePart, callback: HandleCallback): void {
    const tempPath = path.join(this.tmpFolder, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const inspect = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        done(null, chunk);
      },
    });
    pipeline(file.stream, inspect, createWriteStream(tempPath, { flags: 'wx', mode: PRIVATE_FILE_MODE })).then(
      () => callback(null, { path: tempPath, size, sha256: hash.digest('hex'), sniffedMimeType: sniffMimeType(head) }),
      (error: unknown) => {
        void rm(tempPath, { force: true }).finally(() => callback(error));
      },
    );
  }

  _removeFile(_request: unknown, file: { path?: string }, callback: (error: Error | null) => void): void {
    if (!file.path) {
      callback(null);
      return;
    }
    rm(file.path, { force: true }).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }
}
