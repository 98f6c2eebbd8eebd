import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { mediaTypeOf, validationFailed } from '@teamfit/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';

/**
 * Organisations are created and updated with multipart/form-data, not JSON (docs/media.md). A body of
 * any other type is refused before it is read as fields (a JSON `true` is not the string "true").
 * A request without a body (an update of nothing) passes.
 */
@Injectable()
export class MultipartOnlyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const hasBody = request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] ?? '0') !== '0';
    if (hasBody && mediaTypeOf(request.headers['content-type']) !== 'multipart/form-data') {
      throw validationFailed('The request body must be multipart/form-data');
    }
    return next.handle();
  }
}
