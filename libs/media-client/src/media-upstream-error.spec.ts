import { DomainError } from '@teamfit/common';
import { MediaClientError } from './media-client';
import { mediaUpstreamError } from './media-upstream-error';

describe('mediaUpstreamError', () => {
  it('names an unreachable media service as unavailable', () => {
    const mapped = mediaUpstreamError(new MediaClientError('connect ECONNREFUSED', undefined), 'store the logo');
    expect(mapped).toBeInstanceOf(DomainError);
    expect(mapped).toMatchObject({ code: 'unavailable', message: 'The media service could not be reached to store the logo' });
  });

  it('names an error answer with its status as an upstream failure', () => {
    const mapped = mediaUpstreamError(new MediaClientError('bad gateway', 500), 'store the attachment');
    expect(mapped).toMatchObject({ code: 'upstream_failed', message: 'The media service could not store the attachment (status 500)' });
  });

  it('returns any other error unchanged', () => {
    const other = new Error('boom');
    expect(mediaUpstreamError(other, 'store the logo')).toBe(other);
  });
});
