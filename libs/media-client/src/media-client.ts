/**
 * Typed HTTP client of the media service, for other services (the organisation service stores
 * logos through it). Service to service over plain HTTP at MEDIA_SERVICE_URL, not through the
 * gateway; the caller's own `Authorization` header is forwarded, so the media service applies its
 * usual rules to the person who asked (only administrators may upload) and no service needs a
 * signing key of its own.
 */

import { OBJECT_ID } from '@teamfit/common';

/** A stored file as the media service describes it (POST /media answers this). */
export interface MediaFile {
  id: string;
  mimeType: string;
  size: number;
  originalName: string;
  sha256: string;
  isPublic: boolean;
  createdAt: string;
}

export interface MediaUpload {
  content: Uint8Array;
  originalName: string;
  isPublic: boolean;
  /** The caller's `Authorization` header, forwarded as is ("Bearer <token>"). */
  authorization: string;
}

export interface MediaClientOptions {
  /** The media service's own address (config.mediaServiceUrl), e.g. http://127.0.0.1:9102. */
  baseUrl: string;
  /** Per request; a hung media service must not hold a request forever. Default 30 s. */
  timeoutMs?: number;
}

/**
 * The media service answered with an error (`status` and its platform body), or could not be
 * reached at all (`status` undefined).
 */
export class MediaClientError extends Error {
  override readonly name = 'MediaClientError';

  constructor(
    message: string,
    readonly status: number | undefined,
    readonly body?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class MediaClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: MediaClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** POST /media: stores the bytes; the media service decides the MIME type from the content. */
  async upload(upload: MediaUpload): Promise<MediaFile> {
    const form = new FormData();
    form.append('public', upload.isPublic ? 'true' : 'false');
    form.append('file', new Blob([upload.content]), upload.originalName);
    const response = await this.send('POST', '/media', upload.authorization, form);
    if (response.status !== 201) throw await errorOf('upload', response);
    const file = (await response.json()) as MediaFile;
    if (typeof file?.id !== 'string' || !OBJECT_ID.test(file.id)) {
      throw new MediaClientError('The media service answered an upload without a file id', response.status, file);
    }
    return file;
  }

  /** DELETE /media/:id; `false` when the file was already gone (404). */
  async delete(id: string, authorization: string): Promise<boolean> {
    const response = await this.send('DELETE', `/media/${encodeURIComponent(id)}`, authorization);
    if (response.status === 404) {
      await response.body?.cancel();
      return false;
    }
    if (!response.ok) throw await errorOf('delete', response);
    await response.body?.cancel();
    return true;
  }

  private async send(method: string, path: string, authorization: string, body?: FormData): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new MediaClientError(`The media service could not be reached (${method} ${path})`, undefined, undefined, { cause: error });
    }
  }
}

/** The address clients use for a public file: through the gateway's /media prefix. */
export function publicMediaUrl(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/media/public/${encodeURIComponent(id)}`;
}

async function errorOf(operation: string, response: Response): Promise<MediaClientError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  const message =
    typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message : `status ${response.status}`;
  return new MediaClientError(`The media service refused the ${operation}: ${message}`, response.status, body);
}
