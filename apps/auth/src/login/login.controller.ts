import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptTokens, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors, Public } from '@teamfit/common';
import { LoginRequestDto, RefreshRequestDto, TokenPairDto, VerifyRequestDto, VerifyResponseDto } from './login.dto';
import { LoginService } from './login.service';

@ApiTags('sign-in')
@Controller()
export class LoginController {
  constructor(private readonly logins: LoginService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'E-mail a one-time password; the returned access token is good only for /verify',
    description:
      "Public; the gateway allows 5 sign-in requests a minute per client address (burst 10). Starts the sign-in of the account with this e-mail address (ignoring case): a code of its own, valid 10 minutes, is e-mailed to it (six digits; 16 characters once the account's daily budget of wrong six-digit codes is spent, so guessing stays hopeless and nobody is locked out), and the answer's access token is a `login` token (10 minutes) good only for POST /auth/verify; the refresh token of this answer never becomes usable. No login voids another's code; a BLOCKED account is 403 and nothing is sent; the service never answers 429 of its own (the gateway's limit does, with Retry-After).",
  })
  @ApiOkResponse({ type: TokenPairDto })
  @ApiErrors({
    400: 'Invalid e-mail address or code challenge',
    404: 'No account with this e-mail address',
    429: "The gateway's sign-in rate limit for this client address is spent",
  })
  login(@Body() body: LoginRequestDto): Promise<TokenPairDto> {
    return this.logins.login(body.emailAddress, body.codeChallenge);
  }

  @AcceptTokens('login')
  @Post('verify')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Prove the e-mailed code and the PKCE verifier; returns access and refresh tokens',
    description:
      "Needs the `login` token of POST /auth/login as Bearer (any other token: 403). Checks this login's code (six digits, or the 16-character code; dashes, spaces and case do not matter) and the PKCE `codeVerifier` against the login's `codeChallenge`; on success the code is spent and the answer carries a 15-minute `account` access token, a refresh token (rotated on every use; the session ends 30 days after this verify) and the signed-in account. A login step allows five wrong tries, counted for that step only, then a new login is needed; nothing locks the account.",
  })
  @ApiOkResponse({ type: VerifyResponseDto })
  @ApiErrors({
    400: 'Wrong, expired or used code, or wrong verifier',
    401: 'No Bearer token',
    403: 'Not a login token, or an invalid one',
    429: "The gateway's sign-in rate limit for this client address is spent",
  })
  async verify(@Principal() loginToken: VerifiedToken, @Body() body: VerifyRequestDto): Promise<VerifyResponseDto> {
    const result = await this.logins.verify(loginToken, body.otp, body.codeVerifier);
    return { error: false, message: 'Signed in', ...result };
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange a refresh token for a new pair; the old one is spent',
    description:
      'Public: the refresh token in the body is the credential. Answers a new 15-minute access token and a new refresh token and spends the presented one. Presenting a refresh token that was already rotated signs out its whole session (every token rotated from the same sign-in) and is 403, as are expired or revoked tokens and those of an account that is BLOCKED or gone; a session ends 30 days after its sign-in however often it is refreshed.',
  })
  @ApiOkResponse({ type: TokenPairDto })
  @ApiErrors({ 403: 'Invalid, expired, revoked or re-used refresh token' })
  token(@Body() body: RefreshRequestDto): Promise<TokenPairDto> {
    return this.logins.refresh(body.refreshToken);
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Sign a session out: its refresh token and every token rotated from the same sign-in stop working',
    description:
      "Public: the refresh token in the body is the credential. Revokes the token's whole family, so no token of that session can be refreshed any more. Idempotent: an unknown, spent or already revoked token answers 204 as well.",
  })
  @ApiNoContentResponse({ description: 'Signed out (also when the token was unknown or already revoked); no body' })
  async logout(@Body() body: RefreshRequestDto): Promise<void> {
    await this.logins.logout(body.refreshToken);
  }
}
