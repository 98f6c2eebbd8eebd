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
  })
  @ApiOkResponse({ type: JsonWebKeySetDto })
  keySet(): JsonWebKeySetDto {
    return this.signer.jsonWebKeySet;
  }
}
