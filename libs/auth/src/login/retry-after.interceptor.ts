import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { catchError, type Observable, throwError } from 'rxjs';
import { SignInLockedError } from './login-throttle';

/**
 * Adds `Retry-After` to a sign-in lockout answer. The platform filter writes the error body and
 * keeps headers already set on the reply, so the header is set here and the error passes on.
 */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof SignInLockedError) {
          void context.switchToHttp().getResponse<FastifyReply>().header('retry-after', String(error.retryAfterSeconds));
        }
        return throwError(() => error);
      }),
    );
  }
}
