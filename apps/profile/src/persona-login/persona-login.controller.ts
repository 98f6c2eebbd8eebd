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
  @ApiOperation({
    summary: 'E-mail a one-time password to the persona; the returned access token is good only for /persona/verify',
    description:
      "Public; through the gateway it spends the sign-in budget (5 requests a minute per client address, burst 10). Starts the sign-in of the persona whose own e-mail address, else its user's, is this one (ignoring case): a code of its own, valid 10 minutes, is e-mailed to it (six digits; 16 characters once the persona's daily budget of wrong six-digit codes is spent, so guessing stays hopeless and nobody is locked out), and the answer's access token is a `persona-login` token (10 minutes, carrying `personaId`) good only for POST /profile/persona/verify; the refresh token of this answer never becomes usable. No login voids another's code; a BLOCKED persona is 403 and nothing is sent.",
  })
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
  @ApiOperation({
    summary: 'Prove the e-mailed code and the PKCE verifier; returns persona access and refresh tokens',
    description:
      'Needs the `persona-login` token of POST /profile/persona/login as Bearer; a missing or any other token is 401 on this step. On success the code is spent and the answer carries a 15-minute `persona` access token, a refresh token (rotated on every use; the session ends 30 days after this verify) and the persona with the address it signed in with. A login step allows five wrong tries, counted for that step only, then a new login is needed; nothing locks the persona.',
  })
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
  @ApiOperation({
    summary: 'Exchange a persona refresh token for a new pair; the old one is spent',
    description:
      'Public: the refresh token in the body is the credential; through the gateway it spends the sign-in budget. Answers a new 15-minute `persona` access token and a new refresh token and spends the presented one. Re-using a rotated refresh token signs out its whole session and is 403, as are expired or revoked tokens and those of a persona that is BLOCKED or gone; a session ends 30 days after its sign-in however often it is refreshed.',
  })
  @ApiOkResponse({ type: PersonaTokenPairDto })
  @ApiErrors({ 403: 'Invalid, expired, revoked or re-used refresh token' })
  token(@Body() body: PersonaRefreshRequestDto): Promise<PersonaTokenPairDto> {
    return this.logins.refresh(body.refreshToken);
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Sign a persona session out: its refresh token and every token rotated from the same sign-in stop working',
    description:
      "Public: the refresh token in the body is the credential. Revokes the token's whole family, so no token of that session can be refreshed any more. Idempotent: an unknown, spent or already revoked token answers 204 as well.",
  })
  @ApiNoContentResponse({ description: 'Signed out (also when the token was unknown or already revoked); no body' })
  async logout(@Body() body: PersonaRefreshRequestDto): Promise<void> {
    await this.logins.logout(body.refreshToken);
  }
}
