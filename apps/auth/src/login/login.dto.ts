import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';

export class LoginRequestDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsEmail()
  @MaxLength(254)
  emailAddress!: string;

  @ApiProperty({ description: 'PKCE S256 challenge: BASE64URL(SHA256(codeVerifier)), 43 to 128 characters', minLength: 43, maxLength: 128 })
  @IsString()
  @Matches(/^[A-Za-z0-9\-_]{43,128}$/, { message: 'codeChallenge must be 43 to 128 base64url characters' })
  codeChallenge!: string;
}

export class VerifyRequestDto {
  @ApiProperty({ description: 'The six-digit code from the e-mail', example: '042917' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'otp must be six digits' })
  otp!: string;

  @ApiProperty({ description: 'PKCE verifier: 43 to 128 characters of [A-Za-z0-9-._~]', minLength: 43, maxLength: 128 })
  @IsString()
  @Matches(/^[A-Za-z0-9\-._~]{43,128}$/, { message: 'codeVerifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~"' })
  codeVerifier!: string;
}

export class RefreshRequestDto {
  @ApiProperty()
  @IsString()
  @MaxLength(256)
  refreshToken!: string;
}

export class TokenPairDto {
  @ApiProperty({ description: 'JWT (ES256); after login it is good only for /auth/verify' })
  accessToken!: string;

  @ApiProperty({ description: 'Opaque; rotated on every use' })
  refreshToken!: string;
}

export class SignedInAccountDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() emailAddress!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() isAdmin!: boolean;
}

export class VerifyResponseDto extends TokenPairDto {
  @ApiProperty({ example: false }) error!: false;
  @ApiProperty({ example: 'Signed in' }) message!: string;
  @ApiProperty({ type: SignedInAccountDto }) account!: SignedInAccountDto;
}
