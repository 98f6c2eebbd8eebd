import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors, FileUploadInterceptor, Public, type ServiceConfig } from '@teamfit/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline } from 'node:stream/promises';
import { contentDispositionOf } from './content-disposition';
import { HashingDiskStorage, type StoredUpload } from './hashing-disk.storage';
import { InterruptedUploadInterceptor } from './interrupted-upload.interceptor';
import { mediaFolders } from './media-disk';
import { MediaFileDeletedDto, MediaFileDto, MediaFileIdParams, UploadMediaBodyDto, UploadMediaFieldsDto } from './media-file.dto';
import { type OpenedMediaFile, MediaFileService } from './media-file.service';

/** Public files never change under their id: let every cache keep them. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Private files: only the caller's own cache, revalidated (cheaply, by ETag) on every use. */
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** One file of at most the service's body limit (100 MB), streamed to disk, besides a few small fields. */
const MediaUploadInterceptor = FileUploadInterceptor('file', (config: ServiceConfig) => ({
  storage: new HashingDiskStorage(mediaFolders(config.mediaDir).tmp),
  limits: { fileSize: config.bodyLimitBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
}));

/**
 * The media service (gateway: /media). Uploads are for administrators (and the organisation
 * service acting with an administrator's token); any valid token reads a public file, only
 * administrators a private one; public files are also readable without a token at /public/:id.
 */
@ApiTags('media')
@Controller()
export class MediaFileController {
  constructor(private readonly files: MediaFileService) {}

  @Post('media')
  @AdminOnly()
  @HttpCode(201)
  @UseInterceptors(InterruptedUploadInterceptor, MediaUploadInterceptor)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Upload a file (administrators); the MIME type is sniffed from the content',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403; the organisation service forwards an administrator\'s own token when it stores a logo or an attachment). Streams one `file` part (at most 100 MB) to disk and answers its `id`, size, SHA-256 and MIME type, sniffed from the first bytes (PNG, JPEG, WebP, GIF, PDF, else application/octet-stream; the declared type and the name are ignored). `public` "true" makes it readable without a token at /media/public/{id}; files are private by default.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadMediaBodyDto })
  @ApiCreatedResponse({ type: MediaFileDto })
  @ApiErrors({
    400: 'No `file` part, an unexpected part, or `public` not "true"/"false"',
    401: 'No Authorization header',
    403: 'Invalid or expired token, or not an administrator',
    413: 'The file is larger than 100 MB',
  })
  upload(
    @UploadedFile() file: StoredUpload | undefined,
    @Body() fields: UploadMediaFieldsDto,
    @Principal() principal: VerifiedToken,
  ): Promise<MediaFileDto> {
    return this.files.store(file, fields.public === 'true', principal.sub);
  }

  @Get('media/:id')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Download a file (public files: any valid token; private files: administrators)',
    description:
      'A public file: any valid account or persona access token; a private file: administrator accounts only (403). Streams the bytes with the stored Content-Type and `ETag` (the quoted SHA-256); `If-None-Match` with the current tag answers 304 without a body. `Cache-Control: private, no-cache`; anything but a public image comes as an attachment (Content-Disposition), never rendered inline.',
  })
  @ApiProduces('application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf')
  @ApiOkResponse({
    description: 'The raw bytes, Content-Type from the stored MIME type, ETag the SHA-256',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiErrors({
    400: 'id is not an ObjectId',
    401: 'No Authorization header',
    403: 'Invalid or expired token, or a private file and not an administrator',
    404: 'No file has this id',
  })
  async download(
    @Param() { id }: MediaFileIdParams,
    @Principal() principal: VerifiedToken,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendFile(await this.files.open(id, principal), PRIVATE_CACHE_CONTROL, request, reply);
  }

  @Delete('media/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Delete a file (administrators)',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Removes the file's record, then its bytes, and answers `{message}`; its URLs answer 404 from then on.",
  })
  @ApiOkResponse({ type: MediaFileDeletedDto })
  @ApiErrors({
    400: 'id is not an ObjectId',
    401: 'No Authorization header',
    403: 'Invalid or expired token, or not an administrator',
    404: 'No file has this id',
  })
  async remove(@Param() { id }: MediaFileIdParams): Promise<MediaFileDeletedDto> {
    await this.files.remove(id);
    return { message: 'File deleted' };
  }

  @Get('public/:id')
  @Public()
  @ApiSecurity({})
  @ApiOperation({
    summary: 'Download a public file without a token (e.g. an organisation logo)',
    description:
      'Public: no token needed. Streams a public file with its Content-Type, `ETag` (the quoted SHA-256) and `Cache-Control: public, max-age=31536000, immutable` (a file never changes under its id); `If-None-Match` with the current tag answers 304. A private file is 404 here, like an unknown id.',
  })
  @ApiProduces('application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf')
  @ApiOkResponse({ description: 'The raw bytes, cacheable for a year', schema: { type: 'string', format: 'binary' } })
  @ApiErrors({ 400: 'id is not an ObjectId', 404: 'No public file has this id (private files are 404 here too)' })
  async downloadPublic(@Param() { id }: MediaFileIdParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await sendFile(await this.files.openPublic(id), PUBLIC_CACHE_CONTROL, request, reply);
  }
}

/** Streams the file (never whole in memory); answers 304 when the client's copy is current. */
async function sendFile(
  { row, handle }: OpenedMediaFile,
  cacheControl: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  // Written to the raw response: the bytes bypass Fastify's serialisation and hooks.
  const response = reply.raw;
  const etag = `"${row.sha256}"`;
  response.setHeader('ETag', etag);
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    await handle.close();
    response.statusCode = 304;
    response.end();
    return;
  }
  response.statusCode = 200;
  response.setHeader('Content-Type', row.mimeType);
  response.setHeader('Content-Length', String(row.size));
  const disposition = contentDispositionOf(row);
  if (disposition) response.setHeader('Content-Disposition', disposition);
  if (request.method === 'HEAD') {
    await handle.close();
    response.end();
    return;
  }
  try {
    await pipeline(handle.createReadStream(), response);
  } catch {
    // The client went away mid-download; the stream closed the file. Nothing left to answer.
  }
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
