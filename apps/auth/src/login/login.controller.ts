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
  @ApiOperation({ summary: 'E-mail a one-time password; the returned access token is good only for /verify' })
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
  @ApiOperation({ summary: 'Prove the e-mailed code and the PKCE verifier; returns access and refresh tokens' })
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
  @ApiOperation({ summary: 'Exchange a refresh token for a new pair; the old one is spent' })
  @ApiOkResponse({ type: TokenPairDto })
  @ApiErrors({ 403: 'Invalid, expired, revoked or re-used refresh token' })
  token(@Body() body: RefreshRequestDto): Promise<TokenPairDto> {
    return this.logins.refresh(body.refreshToken);
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign a session out: its refresh token and every token rotated from the same sign-in stop working' })
  @ApiNoContentResponse({ description: 'Signed out (also when the token was unknown or already revoked); no body' })
  async logout(@Body() body: RefreshRequestDto): Promise<void> {
    await this.logins.logout(body.refreshToken);
  }
}
