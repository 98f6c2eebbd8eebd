import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { OrganisationIdParams } from '../organisations/organisation.dto';
import { CreatePartnerApiKeyDto, IssuedPartnerApiKeyDto, PartnerApiKeyDto, PartnerApiKeyParams } from './partner-api-key.dto';
import { PartnerApiKeyService } from './partner-api-key.service';

/**
 * /organisations/:id/api-keys (gateway: /organisation/organisations/:id/api-keys): an
 * organisation's partner API keys, which an applicant-tracking system such as Greenhouse calls
 * the platform with (docs/adr/0088-partner-api-keys.md). Administrator account tokens only.
 */
@ApiTags('partner api keys')
@ApiBearerAuth()
@AdminOnly()
@ApiErrors({ 401: 'No Bearer token', 403: 'Invalid or expired token, an account without administrator rights, or a persona token' })
@Controller('organisations/:id/api-keys')
export class PartnerApiKeyController {
  constructor(private readonly keys: PartnerApiKeyService) {}

  @Post()
  @ApiOperation({
    summary: 'Issue a partner API key for the organisation (administrators); the key is shown in this answer only',
    description:
      'Administrator account tokens only. Makes a new key (`tfk_` and 43 base64url characters) for a partner system that acts for this organisation, such as Greenhouse (docs/integrations.md, "Greenhouse"). The answer is the only place the key appears: the platform stores its SHA-256 hash and its last four characters. The organisation is named by its UUID `id` or its 24-hex `_id`; 404 when there is none.',
  })
  @ApiCreatedResponse({ type: IssuedPartnerApiKeyDto })
  @ApiErrors({ 400: 'id is not a UUID or an ObjectId, or name is missing or invalid', 404: 'No organisation has this id' })
  issue(
    @Param() { id }: OrganisationIdParams,
    @Body() body: CreatePartnerApiKeyDto,
    @Principal() principal: VerifiedToken,
  ): Promise<IssuedPartnerApiKeyDto> {
    return this.keys.issue(id, body.name, principal);
  }

  @Get()
  @ApiOperation({
    summary: "List the organisation's partner API keys (administrators), revoked ones included; never a key itself",
    description:
      'Administrator account tokens only. Every key issued for the organisation, oldest first, as one array: its name, last four characters, who made it and when, and when it was revoked (null while it works). The keys themselves are not kept and cannot be shown again.',
  })
  @ApiOkResponse({ type: PartnerApiKeyDto, isArray: true })
  @ApiErrors({ 400: 'id is not a UUID or an ObjectId', 404: 'No organisation has this id' })
  list(@Param() { id }: OrganisationIdParams): Promise<PartnerApiKeyDto[]> {
    return this.keys.list(id);
  }

  @Post(':keyId/revoke')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Revoke a partner API key (administrators); its next call is refused',
    description:
      "Administrator account tokens only. No body (one sent is ignored). From the moment this answers, a call with the key is refused (401): every call checks the key against the table, nothing remembers it. The key stays in the list with its `revokedAt`; revoking it again answers it unchanged. 404 for a key that is not one of this organisation's.",
  })
  @ApiOkResponse({ type: PartnerApiKeyDto, description: 'The key, revoked' })
  @ApiErrors({ 400: 'id or keyId is malformed', 404: 'No organisation has this id, or it has no key with this keyId' })
  revoke(@Param() { id, keyId }: PartnerApiKeyParams): Promise<PartnerApiKeyDto> {
    return this.keys.revoke(id, keyId);
  }
}
