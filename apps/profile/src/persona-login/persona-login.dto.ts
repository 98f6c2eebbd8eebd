import { ApiProperty } from '@nestjs/swagger';

/** The persona flow takes exactly the account flow's request bodies (libs/auth). */
export {
  LoginRequestDto as PersonaLoginRequestDto,
  RefreshRequestDto as PersonaRefreshRequestDto,
  VerifyRequestDto as PersonaVerifyRequestDto,
} from '@teamfit/auth';

export class PersonaTokenPairDto {
  @ApiProperty({ description: 'JWT (ES256) with emailAddress and personaId; after login it is good only for /persona/verify' })
  accessToken!: string;

  @ApiProperty({ description: 'Opaque; rotated on every use (POST /persona/token)' })
  refreshToken!: string;
}

export class SignedInPersonaUserDto {
  @ApiProperty({ example: 42 }) id!: number;
  firstName!: string | null;
  lastName!: string | null;
  username!: string | null;
}

export class SignedInPersonaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  role!: string;
  @ApiProperty({ description: "The persona's e-mail address, else its user's" }) emailAddress!: string;
  @ApiProperty({ type: SignedInPersonaUserDto }) user!: SignedInPersonaUserDto;
}

export class PersonaVerifyResponseDto extends PersonaTokenPairDto {
  @ApiProperty({ example: false }) error!: false;
  @ApiProperty({ example: 'Signed in' }) message!: string;
  @ApiProperty({ type: SignedInPersonaDto }) persona!: SignedInPersonaDto;
}
