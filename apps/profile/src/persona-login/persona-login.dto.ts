import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';

export class PersonaLoginRequestDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsEmail()
  @MaxLength(254)
  emailAddress!: string;

  @ApiProperty({ description: 'PKCE S256 challenge: BASE64URL(SHA256(codeVerifier)), 43 to 128 characters', minLength: 43, maxLength: 128 })
  @IsString()
  @Matches(/^[A-Za-z0-9\-_]{43,128}$/, { message: 'codeChallenge must be 43 to 128 base64url characters' })
  codeChallenge!: string;
}

export class PersonaVerifyRequestDto {
  @ApiProperty({ description: 'The six-digit code from the e-mail', example: '042917' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'otp must be six digits' })
  otp!: string;

  @ApiProperty({ description: 'PKCE verifier: 43 to 128 characters of [A-Za-z0-9-._~]', minLength: 43, maxLength: 128 })
  @IsString()
  @Matches(/^[A-Za-z0-9\-._~]{43,128}$/, { message: 'codeVerifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~"' })
  codeVerifier!: string;
}

export class PersonaRefreshRequestDto {
  @ApiProperty()
  @IsString()
  @MaxLength(256)
  refreshToken!: string;
}

export class PersonaTokenPairDto {
  @ApiProperty({ description: 'JWT (ES256) with emailAddress and personaId; after login it is good only for /persona/verify' })
  accessToken!: string;

  @ApiProperty({ description: 'Opaque; rotated on every use (POST /persona/token)' })
  refreshToken!: string;
}

export class SignedInPersonaUserDto {
  @ApiProperty({ example: 42 }) id!: number;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName!: string | null;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
}

export class SignedInPersonaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() role!: string;
  @ApiProperty({ description: "The persona's e-mail address, else its user's" }) emailAddress!: string;
  @ApiProperty({ type: SignedInPersonaUserDto }) user!: SignedInPersonaUserDto;
}

export class PersonaVerifyResponseDto extends PersonaTokenPairDto {
  @ApiProperty({ example: false }) error!: false;
  @ApiProperty({ example: 'Signed in' }) message!: string;
  @ApiProperty({ type: SignedInPersonaDto }) persona!: SignedInPersonaDto;
}
