import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { NAME_MAX_LENGTH } from '@teamfit/common';
import { OrganisationIdParams } from '../organisations/organisation.dto';

/** POST /organisations/:id/api-keys: what the key is for, to tell it apart in the list. */
export class CreatePartnerApiKeyDto {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH, example: 'Greenhouse', description: 'What the key is for (the system that will hold it)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  name!: string;
}

/** A partner API key as listed: everything but the key, which is shown once, when it is made. */
export class PartnerApiKeyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) organisationId!: string;
  @ApiProperty({ example: 'Greenhouse' }) name!: string;
  @ApiProperty({ example: 'x9Qa', description: 'The last four characters of the key, to tell which one a system holds' })
  hint!: string;
  @ApiProperty({ format: 'uuid', description: 'The administrator account that made it' }) createdBy!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it was revoked; null while it works. A revoked key is refused from its next call on.',
  })
  revokedAt!: string | null;
}

/** The answer to POST /organisations/:id/api-keys: the listed fields and the key, this once. */
export class IssuedPartnerApiKeyDto extends PartnerApiKeyDto {
  @ApiProperty({
    example: 'tfk_4f0uYc2bq8Jt0mWcQ3n1kR9sZxL5aPe7vHdG2yTqU6o',
    description:
      'The key: `tfk_` and 43 base64url characters (47 in all). Shown only in this answer; the platform keeps only its SHA-256 hash. The partner sends it as the user name of HTTP Basic, with an empty password.',
  })
  key!: string;
}

/** /organisations/:id/api-keys/:keyId */
export class PartnerApiKeyParams extends OrganisationIdParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  keyId!: string;
}
