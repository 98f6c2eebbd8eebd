/**
 * Transport-free error codes raised by services. The exception filter is the one place that maps
 * them to HTTP statuses, so services never import HTTP exceptions.
 */
export type DomainErrorCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upstream_failed'
  | 'unavailable';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string): DomainError => new DomainError('not_found', `${what} not found`);
export const conflict = (message: string): DomainError => new DomainError('conflict', message);
export const validationFailed = (message: string): DomainError => new DomainError('validation_failed', message);
export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);
