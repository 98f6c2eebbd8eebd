import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';

// The request bodies of the passwordless login, the same for accounts (/auth) and personas
// (/profile/persona): one definition, so the two flows cannot drift apart in what they accept.

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
