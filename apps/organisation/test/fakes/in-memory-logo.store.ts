import { DomainError, validationFailed } from '@teamfit/common';
import type { PublicSurface } from '@teamfit/common/testing';
import type { LogoUpload } from '../../src/organisations/logo-upload.storage';
import type { OrganisationLogoStore } from '../../src/organisations/organisation-logo.store';

/**
 * The media service's public files in memory. `check` accepts a logo whose name ends in .png
 * (content sniffing is the real store's own concern); `failNextStore` makes the media service
 * unreachable for one upload.
 */
export class InMemoryLogoStore implements PublicSurface<OrganisationLogoStore> {
  readonly files = new Map<string, Buffer>();
  readonly discarded: string[] = [];
  failNextStore = false;
  private nextId = 1;

  urlOf(mediaId: string): string {
    return `https://api.example.test/media/${mediaId}`;
  }

  check(logo: LogoUpload): void {
    if (!logo.originalname.endsWith('.png')) throw validationFailed('logo must be a png, webp, jpg or jpeg image');
  }

  store(logo: LogoUpload): Promise<string> {
    if (this.failNextStore) {
      this.failNextStore = false;
      return Promise.reject(new DomainError('unavailable', 'The media service could not be reached to store the logo'));
    }
    const id = (this.nextId++).toString(16).padStart(24, '0');
    this.files.set(id, logo.buffer);
    return Promise.resolve(id);
  }

  discard(mediaId: string): Promise<void> {
    this.files.delete(mediaId);
    this.discarded.push(mediaId);
    return Promise.resolve();
  }
}
