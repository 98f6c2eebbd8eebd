import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { OBJECT_ID } from '@teamfit/common';
import type { MediaFileRow } from '../database/media.schema';

/** A stored file's description (POST /media answers it). */
export class MediaFileDto {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a79', description: '24-character hex ObjectId' })
  id!: string;

  @ApiProperty({ example: 'image/png', description: 'Sniffed from the content (png, jpeg, webp, gif, pdf), else application/octet-stream' })
  mimeType!: string;

  @ApiProperty({ example: 48213, description: 'Bytes' })
  size!: number;

  @ApiProperty({ example: 'logo.png' })
  originalName!: string;

  @ApiProperty({
    example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    description: 'Hex SHA-256 of the content, also the ETag',
  })
  sha256!: string;

  @ApiProperty({ description: 'Readable without a token at /public/:id' })
  isPublic!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

/** The form fields besides `file`. Multipart values are strings: only "true" and "false" count. */
export class UploadMediaFieldsDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false', description: 'Whether the file may be read without a token' })
  @IsOptional()
  @IsIn(['true', 'false'])
  public?: string;
}

/** Described for OpenAPI only: the multipart body of POST /media. */
export class UploadMediaBodyDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The file; at most 100 MB' })
  file!: unknown;

  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false' })
  public?: string;
}

export class MediaFileIdParams {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a79', description: '24-character hex ObjectId' })
  @Matches(OBJECT_ID, { message: 'id must be a 24-character hexadecimal ObjectId' })
  id!: string;
}

export class MediaFileDeletedDto {
  @ApiProperty({ example: 'File deleted' })
  message!: string;
}

/** The platform error body, shared by every service's OpenAPI description. */
export { ErrorResponseDto } from '@teamfit/common';

export function mapMediaFile(row: MediaFileRow): MediaFileDto {
  return {
    id: row.id,
    mimeType: row.mimeType,
    size: row.size,
    originalName: row.originalName,
    sha256: row.sha256,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
  };
}
