import { DomainError } from '@teamfit/common';
import { MediaClientError } from './media-client';

/**
 * A media-service failure as the domain error its caller answers: unreachable → 503, an error
 * answer → 502 naming its status. `action` completes "could not …" (e.g. 'store the logo').
 * Anything else is returned unchanged.
 */
export function mediaUpstreamError(error: unknown, action: string): unknown {
  if (!(error instanceof MediaClientError)) return error;
  if (error.status === undefined) return new DomainError('unavailable', `The media service could not be reached to ${action}`);
  return new DomainError('upstream_failed', `The media service could not ${action} (status ${error.status})`);
}
