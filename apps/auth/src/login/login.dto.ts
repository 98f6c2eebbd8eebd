import { ApiProperty } from '@nestjs/swagger';

export { LoginRequestDto, RefreshRequestDto, VerifyRequestDto } from '@teamfit/auth';

export class TokenPairDto {
  @ApiProperty({ description: 'JWT (ES256); after login it is good only for /auth/verify' })
  accessToken!: string;

  @ApiProperty({ description: 'Opaque; rotated on every use' })
  refreshToken!: string;
}

export class SignedInAccountDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  emailAddress!: string;
  firstName!: string;
  lastName!: string;
  isAdmin!: boolean;
}

export class VerifyResponseDto extends TokenPairDto {
  @ApiProperty({ example: false }) error!: false;
  @ApiProperty({ example: 'Signed in' }) message!: string;
  @ApiProperty({ type: SignedInAccountDto }) account!: SignedInAccountDto;
}
