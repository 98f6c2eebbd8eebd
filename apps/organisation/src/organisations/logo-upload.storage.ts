import { validationFailed } from '@teamfit/common';
import type { Readable } from 'node:stream';

/** An organisation logo is at most 5 MB (docs/contract.md, "Limits"). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** What the route handler gets as `@UploadedFile()`: a logo small enough to hold. */
export interface LogoUpload {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
  size: number;
}

type HandleCallback = (error: unknown, info?: Pick<LogoUpload, 'buffer' | 'size'>) => void;

/**
 * A multer storage engine that keeps the file in memory up to a bound and fails the request with
 * a 400 naming the field as soon as the bound is passed (an oversized image is a 400, docs/media.md "Organisations"),
 * without reading the rest of the file into memory.
 */
export class BoundedMemoryStorage {
  constructor(private readonly maxBytes: number) {}

  _handleFile(_request: unknown, file: { fieldname: string; stream: Readable }, callback: HandleCallback): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: unknown, info?: Pick<LogoUpload, 'buffer' | 'size'>) => {
      if (settled) return;
      settled = true;
      callback(error, info);
    };
    file.stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > this.maxBytes) {
        chunks.length = 0;
        // Keep draining so the parser is not stuck, but hold nothing more.
        file.stream.resume();
        settle(validationFailed(`${file.fieldname} must be at most ${this.maxBytes / (1024 * 1024)} MB`));
        return;
      }
      chunks.push(chunk);
    });
    file.stream.on('error', (error) => settle(error));
    file.stream.on('end', () => settle(null, { buffer: Buffer.concat(chunks), size }));
  }

  _removeFile(_request: unknown, _file: unknown, callback: (error: Error | null) => void): void {
    callback(null);
  }
}
