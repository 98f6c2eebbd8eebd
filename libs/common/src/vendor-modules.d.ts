// The few declarations the code here needs from packages that ship no types of their own
// (their DefinitelyTyped packages would bring Express's types back in).

declare module 'fresh' {
  /** Whether a response with `responseHeaders` is still fresh for a request with `requestHeaders`. */
  function fresh(requestHeaders: Record<string, string | string[] | undefined>, responseHeaders: Record<string, unknown>): boolean;
  export = fresh;
}

declare module 'qs' {
  interface ParseOptions {
    allowPrototypes?: boolean;
    arrayLimit?: number;
    depth?: number;
    parameterLimit?: number;
    strictDepth?: boolean;
    charset?: 'utf-8' | 'iso-8859-1';
  }
  export function parse(text: string, options?: ParseOptions): Record<string, unknown>;
}

declare module 'multer' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { Readable } from 'node:stream';

  namespace multer {
    interface IncomingFile {
      fieldname: string;
      originalname: string;
      encoding: string;
      mimetype: string;
      stream: Readable;
    }
    interface StorageEngine {
      _handleFile(request: IncomingMessage, file: IncomingFile, callback: (error: unknown, info?: object) => void): void;
      _removeFile(request: IncomingMessage, file: object, callback: (error: Error | null) => void): void;
    }
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
      fieldNestingDepth?: number;
      fieldArrayIndexLimit?: number;
    }
    interface Options {
      storage?: StorageEngine;
      limits?: Limits;
      /** How busboy decodes parameters without a charset, file names among them (default latin1). */
      defParamCharset?: string;
    }
    type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;
    interface Instance {
      single(fieldName: string): Middleware;
    }
  }
  function multer(options?: multer.Options): multer.Instance;
  export = multer;
}
