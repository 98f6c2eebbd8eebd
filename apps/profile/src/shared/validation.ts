import { ApiProperty } from '@nestjs/swagger';
import { IsMongoId, IsUUID } from 'class-validator';

/** RFC 5321 caps a forward path at 254 characters; other texts get generous but finite bounds. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const TITLE_MAX_LENGTH = 200;
export const TEXT_MAX_LENGTH = 5_000;
export const URL_MAX_LENGTH = 2_048;
export const LIST_MAX_SIZE = 1_000;

/** Only web addresses with a scheme: these fields hold full URLs (docs/profile.md). */
export const URL_OPTIONS = { require_protocol: true, protocols: ['http', 'https'] };

/** Path parameter of teammate and team routes: a 24-hex ObjectId, else 400 naming `id`. */
export class ObjectIdParams {
  @ApiProperty({ pattern: '^[0-9a-f]{24}$', example: '665f1c2b9d3e4a0012345678' })
  @IsMongoId()
  id!: string;
}

/** Path parameter of persona routes: a UUID, else 400 naming `id`. */
export class UuidParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

/** The platform error body, shared by every service's OpenAPI description. */
export { ErrorResponseDto } from '@teamfit/common';

export class ProfileDeletedDto {
  @ApiProperty({ example: 'Teammate deleted' })
  message!: string;
}
