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
  @ApiProperty({
    description:
      'The code from the e-mail: six digits, or, while the address is under a guessing attack, 16 letters and digits in four groups (dashes, spaces and case do not matter)',
    example: '042917',
  })
  @IsString()
  @Matches(/^(?:\d{6}|[A-Za-z0-9]{4}(?:[-\s]?[A-Za-z0-9]{4}){3})$/, {
    message: 'otp must be the six digits or the 16-character code from the e-mail',
  })
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
