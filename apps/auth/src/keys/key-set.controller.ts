import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TokenSigner } from '@teamfit/auth';
import { Public } from '@teamfit/common';
import { JsonWebKeySetDto } from './key-set.dto';

@ApiTags('sign-in')
@Controller()
export class KeySetController {
  constructor(private readonly signer: TokenSigner) {}

  @Public()
  @Get('.well-known/jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    summary: 'The public keys that verify platform tokens (JSON Web Key Set), for services and clients that verify tokens themselves',
    description:
      "Public: no token needed; cacheable for five minutes (`Cache-Control: public, max-age=300`). Every ES256 key that verifies the platform's tokens, the current signing key first, each with its `kid`: a verifier picks the key named by the token header's `kid`.",
  })
  @ApiOkResponse({ type: JsonWebKeySetDto })
  keySet(): JsonWebKeySetDto {
    return this.signer.jsonWebKeySet;
  }
}
