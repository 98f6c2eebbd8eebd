import { ApiProperty } from '@nestjs/swagger';
import type { JsonWebKeySet, PublicJsonWebKey } from '@teamfit/auth';

export class PublicJsonWebKeyDto implements PublicJsonWebKey {
  @ApiProperty({ enum: ['EC'] }) kty!: 'EC';
  @ApiProperty({ enum: ['P-256'] }) crv!: 'P-256';
  @ApiProperty({ description: 'The x coordinate, base64url' }) x!: string;
  @ApiProperty({ description: 'The y coordinate, base64url' }) y!: string;
  @ApiProperty({ description: "The key's RFC 7638 thumbprint; tokens name the key that signed them in their `kid` header" }) kid!: string;
  @ApiProperty({ enum: ['ES256'] }) alg!: 'ES256';
  @ApiProperty({ enum: ['sig'] }) use!: 'sig';
}

export class JsonWebKeySetDto implements JsonWebKeySet {
  @ApiProperty({ type: [PublicJsonWebKeyDto], description: 'The signing key first, then keys retired from signing that still verify' })
  keys!: PublicJsonWebKeyDto[];
}
