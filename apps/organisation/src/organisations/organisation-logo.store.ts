import { Injectable, Logger } from '@nestjs/common';
import { InjectConfig, type ServiceConfig, validationFailed } from '@teamfit/common';
import { MediaClient, mediaUpstreamError, publicMediaUrl, sniffMimeType } from '@teamfit/media-client';
import path from 'node:path';
import type { LogoUpload } from './logo-upload.storage';

/** png, webp, jpg, jpeg (docs/contract.md, "Limits"); the extensions each content type may carry. */
const EXTENSIONS_BY_TYPE: Record<string, readonly string[]> = {
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/jpeg': ['.jpg', '.jpeg'],
};
const ALLOWED = 'logo must be a png, webp, jpg or jpeg image';

/**
 * Organisation logos: checked by content, stored as public files of the media service (over
 * HTTP, with the administrator's own token), addressed by an absolute URL through the gateway.
 */
@Injectable()
export class OrganisationLogoStore {
  private readonly logger = new Logger(OrganisationLogoStore.name);
  private readonly media: MediaClient;
  private readonly publicBaseUrl: string;

  constructor(@InjectConfig() config: ServiceConfig) {
    this.media = new MediaClient({ baseUrl: config.mediaServiceUrl });
    this.publicBaseUrl = config.publicBaseUrl;
  }

  urlOf(mediaId: string): string {
    return publicMediaUrl(this.publicBaseUrl, mediaId);
  }

  /**
   * The content decides, never the client's claimed type: it must be a PNG, WebP or JPEG, and a
   * file name's extension, when there is one, must agree with it (a ".png" that is a JPEG is not a PNG).
   */
  check(logo: LogoUpload): void {
    const type = sniffMimeType(logo.buffer);
    const extensions = EXTENSIONS_BY_TYPE[type];
    if (!extensions) throw validationFailed(ALLOWED);
    const extension = path.extname(logo.originalname).toLowerCase();
    if (extension !== '' && !extensions.includes(extension)) {
      throw validationFailed(`${ALLOWED}, and its content must match its extension (${extension} given, ${type} found)`);
    }
  }

  /** Stores a checked logo as a public file; its media id. */
  async store(logo: LogoUpload, authorization: string): Promise<string> {
    try {
      const file = await this.media.upload({ content: logo.buffer, originalName: logo.originalname, isPublic: true, authorization });
      return file.id;
    } catch (error) {
      throw mediaUpstreamError(error, 'store the logo');
    }
  }

  /**
   * Best effort: the organisation is already consistent without it. A failure is logged (a file
   * left behind is an orphan public file, never a broken organisation).
   */
  async discard(mediaId: string, authorization: string): Promise<void> {
    try {
      await this.media.delete(mediaId, authorization);
    } catch (error) {
      this.logger.warn(`could not delete the logo file ${mediaId}: ${(error as Error).message}`);
    }
  }
}
