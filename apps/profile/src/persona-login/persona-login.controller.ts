import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptTokens, Principal, TokenRefusals, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors, Public } from '@teamfit/common';
import {
  PersonaLoginRequestDto,
  PersonaRefreshRequestDto,
  PersonaTokenPairDto,
  PersonaVerifyRequestDto,
  PersonaVerifyResponseDto,
} from './persona-login.dto';
import { PersonaLoginService } from './persona-login.service';

/** /persona/login, /persona/verify and /persona/token (gateway: /profile/persona/...), docs/profile.md "Persona sign-in". */
@ApiTags('persona sign-in')
@Controller('persona')
export class PersonaLoginController {
  constructor(private readonly logins: PersonaLoginService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mail a one-time password to the persona; the returned access token is good only for /persona/verify' })
  @ApiOkResponse({ type: PersonaTokenPairDto })
  @ApiErrors({
    400: 'Invalid e-mail address or code challenge',
    403: 'The persona is blocked',
    404: 'No persona has this e-mail address',
    429: "The gateway's sign-in rate limit for this client address is spent",
  })
  login(@Body() body: PersonaLoginRequestDto): Promise<PersonaTokenPairDto> {
    return this.logins.login(body.emailAddress, body.codeChallenge);
  }

  @AcceptTokens('persona-login')
  // The contract answers 401 for a missing or invalid Bearer token on this step, not 403.
  @TokenRefusals({ invalidStatus: 401 })
  @Post('verify')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Prove the e-mailed code and the PKCE verifier; returns persona access and refresh tokens' })
  @ApiOkResponse({ type: PersonaVerifyResponseDto })
  @ApiErrors({
    400: 'Wrong, expired or used code, or wrong verifier',
    401: 'No Bearer token, or one that is not a valid persona login token (malformed, forged, expired, another kind)',
    403: 'The persona can no longer sign in (blocked)',
    404: 'The persona no longer exists',
    429: "The gateway's sign-in rate limit for this client address is spent",
  })
  async verify(@Principal() loginToken: VerifiedToken, @Body() body: PersonaVerifyRequestDto): Promise<PersonaVerifyResponseDto> {
    const { accessToken, refreshToken, persona } = await this.logins.verify(loginToken, body.otp, body.codeVerifier);
    return { error: false, message: 'Signed in', accessToken, refreshToken, persona };
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Exchange a persona refresh token for a new pair; the old one is spent' })
  @ApiOkResponse({ type: PersonaTokenPairDto })
  @ApiErrors({ 403: 'Invalid, expired, revoked or re-used refresh token' })
  token(@Body() body: PersonaRefreshRequestDto): Promise<PersonaTokenPairDto> {
    return this.logins.refresh(body.refreshToken);
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign a persona session out: its refresh token and every token rotated from the same sign-in stop working' })
  @ApiNoContentResponse({ description: 'Signed out (also when the token was unknown or already revoked); no body' })
  async logout(@Body() body: PersonaRefreshRequestDto): Promise<void> {
    await this.logins.logout(body.refreshToken);
  }
}
