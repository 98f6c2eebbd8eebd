import { ApiProperty } from '@nestjs/swagger';
import { OBJECT_ID } from '@teamfit/common';
import { IsMongoId, IsUUID } from 'class-validator';

/** Profile texts get generous but finite bounds (names, titles and e-mail addresses: `@teamfit/common`). */
export const TEXT_MAX_LENGTH = 5_000;
export const URL_MAX_LENGTH = 2_048;
export const LIST_MAX_SIZE = 1_000;

/** Only web addresses with a scheme: these fields hold full URLs (docs/profile.md). */
export const URL_OPTIONS = { require_protocol: true, protocols: ['http', 'https'] };

/** Path parameter of teammate and team routes: a 24-hex ObjectId, else 400 naming `id`. */
export class ObjectIdParams {
  @ApiProperty({ pattern: OBJECT_ID.source, example: '665f1c2b9d3e4a0012345678' })
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
