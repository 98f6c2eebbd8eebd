import { type CallHandler, type ExecutionContext, HttpException, Injectable, type NestInterceptor } from '@nestjs/common';
import { DomainError } from '@teamfit/common';
import type { FastifyRequest } from 'fastify';
import { catchError, type Observable, throwError } from 'rxjs';

/**
 * A client that goes away mid-upload makes multer fail with a plain Error ("Request aborted"),
 * which the platform filter would log as an unexpected 500 with an errorId. It is the client's
 * doing, not an incident: answer (to nobody) a 400 and log nothing. Bound outside the file
 * interceptor so it sees multer's failure.
 */
@Injectable()
export class InterruptedUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        const expected = error instanceof HttpException || error instanceof DomainError;
        if (!expected && !request.raw.complete) return throwError(() => new DomainError('validation_failed', 'The upload was interrupted'));
        return throwError(() => error);
      }),
    );
  }
}
