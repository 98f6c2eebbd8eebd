import { type CallHandler, type ExecutionContext, Inject, Injectable, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multer from 'multer';
import { finished } from 'node:stream';
import { catchError, type Observable, throwError } from 'rxjs';
import { SERVICE_CONFIG } from '../config/config.module';
import type { ServiceConfig } from '../config/service-config';
import { multerErrorToHttp } from './multer-errors';

export type UploadOptions = multer.Options;

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
/** Options, or options built from the service's configuration (e.g. a folder under MEDIA_DIR). */
export type UploadOptionsSource = UploadOptions | ((config: ServiceConfig) => UploadOptions);

/** Unset limits that multer would leave unbounded. */
const DEFAULT_LIMITS: multer.Limits = { fieldNestingDepth: 32, fieldArrayIndexLimit: 1000, parts: 1000 };

/** What multer leaves on the request: the fields and the one stored file. */
type UploadRequest = FastifyRequest & { file?: unknown };
type MulterRaw = FastifyRequest['raw'] & { body?: unknown; file?: unknown };

/**
 * Runs multer's `single(fieldName)` on the raw Node request, which no Fastify parser has read
 * (multipart bodies are left unread, see http/body-parsers.ts), so the file streams straight into
 * the storage engine. multer's fields and file then become the request's `@Body()` and
 * `@UploadedFile()`. A request that is not multipart passes untouched. If the answer goes out
 * while multer is still reading (the client is refused early), the request is destroyed: multer
 * stops and removes what its storage engine stored. A request refused after the upload was stored
 * has its file removed too.
 */
export function FileUploadInterceptor(fieldName: string, source: UploadOptionsSource = {}): Type<NestInterceptor> {
  @Injectable()
  class MixinFileUploadInterceptor implements NestInterceptor {
    private readonly middleware: multer.Middleware;
    private readonly storage: multer.StorageEngine | undefined;

    constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
      const options = typeof source === 'function' ? source(config) : source;
      this.storage = options.storage;
      // File names are UTF-8, as browsers send them; busboy's default would read them as latin1.
      this.middleware = multer({ defParamCharset: 'utf8', ...options, limits: { ...DEFAULT_LIMITS, ...options.limits } }).single(fieldName);
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<UploadRequest>();
      const raw = request.raw as MulterRaw;
      const reply = http.getResponse<FastifyReply>().raw;
      let receiving = true;
      const stopWatching = finished(reply, () => {
        if (receiving && !raw.complete) raw.destroy();
      });
      try {
        await new Promise<void>((resolve, reject) =>
          this.middleware(raw, reply, (error) => (error ? reject(asError(multerErrorToHttp(error))) : resolve())),
        );
      } finally {
        receiving = false;
        stopWatching();
      }
      if (raw.body !== undefined) request.body = raw.body;
      if (raw.file !== undefined) request.file = raw.file;
      return next.handle().pipe(
        catchError((error: unknown) => {
          // Refused after the upload was stored (e.g. a form field failed validation): what the
          // handler did not take over goes. Removing a file already moved away is a no-op.
          if (this.storage && raw.file !== undefined) this.storage._removeFile(raw, raw.file as object, () => undefined);
          return throwError(() => error);
        }),
      );
    }
  }
  return mixin(MixinFileUploadInterceptor);
}
