import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { ApiErrors, FileUploadInterceptor } from '@teamfit/common';
import { BoundedMemoryStorage, LOGO_MAX_BYTES, type LogoUpload } from './logo-upload.storage';
import { MultipartOnlyInterceptor } from './multipart-only.interceptor';
import {
  CreateOrganisationDto,
  CreateOrganisationFormDto,
  OrganisationDeletedDto,
  OrganisationDto,
  OrganisationEnvelopeDto,
  OrganisationIdParams,
  OrganisationListItemDto,
  UpdateOrganisationDto,
  UpdateOrganisationFormDto,
} from './organisation.dto';
import { OrganisationService } from './organisation.service';

/** The logo part: one file, held in memory up to 5 MB; a few dozen small text fields. */
const LogoInterceptor = FileUploadInterceptor('logo', {
  storage: new BoundedMemoryStorage(LOGO_MAX_BYTES),
  limits: { files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 },
});

/**
 * /organisation (gateway: /organisation/organisation). Account tokens only; writes need an
 * administrator, whose token is also what the media service sees when a logo is stored.
 */
@AccountResource('organisation')
@Controller('organisation')
export class OrganisationController {
  constructor(private readonly organisations: OrganisationService) {}

  @Get()
  @ApiOperation({
    summary: 'List organisations',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). Every organisation, oldest first, as one array (not paged) in the short list shape: `_id`, `name`, `industry`, `country` and the timestamps (GET …/{id} has every setting).',
  })
  @ApiOkResponse({ type: OrganisationListItemDto, isArray: true })
  list(): Promise<OrganisationListItemDto[]> {
    return this.organisations.list();
  }

  @Post()
  @AdminOnly()
  @HttpCode(200)
  @UseInterceptors(MultipartOnlyInterceptor, LogoInterceptor)
  @ApiOperation({
    summary: 'Create an organisation (administrators); multipart/form-data, values as strings',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Takes `multipart/form-data` only (a JSON body is 400), every value a string, and an optional `logo` (PNG, WebP or JPEG, at most 5 MB) stored as a public media file with the caller's token; `name` and `urlName` are unique ignoring case (409 naming which). Answers 200 with `{organisation}`; if the organisation cannot be written, the stored logo is deleted again.",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: CreateOrganisationFormDto })
  @ApiOkResponse({ type: OrganisationEnvelopeDto })
  @ApiErrors({
    400: 'A field is missing or invalid, or the logo is not a png/webp/jpeg of at most 5 MB',
    409: 'An organisation with this name or urlName already exists',
    503: 'The media service could not be reached to store the logo',
  })
  async create(
    @Body() body: CreateOrganisationDto,
    @UploadedFile() logo: LogoUpload | undefined,
    @Headers('authorization') authorization: string,
  ): Promise<OrganisationEnvelopeDto> {
    return { organisation: await this.organisations.create(body, logo, authorization) };
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get an organisation by its `id` (UUID) or `_id`',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The organisation with every setting; `logo` is the public URL of its logo (`/media/public/{id}`) or null.',
  })
  @ApiOkResponse({ type: OrganisationDto })
  @ApiErrors({ 400: 'id is neither a UUID nor an ObjectId', 404: 'No organisation has this id' })
  get(@Param() { id }: OrganisationIdParams): Promise<OrganisationDto> {
    return this.organisations.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @UseInterceptors(MultipartOnlyInterceptor, LogoInterceptor)
  @ApiOperation({
    summary: 'Update an organisation (administrators); any subset of the fields; a new logo replaces the old one',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). `multipart/form-data` only: changes the fields sent (an empty value clears a nullable setting); a request with nothing in it changes nothing, not even `updatedAt`. A new `logo` replaces the old one, which is deleted from the media service once the update has committed.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UpdateOrganisationFormDto })
  @ApiOkResponse({ type: OrganisationDto })
  @ApiErrors({
    400: 'id, a field or the logo is invalid',
    404: 'No organisation has this id',
    409: 'Another organisation has this name or urlName',
  })
  update(
    @Param() { id }: OrganisationIdParams,
    @Body() body: UpdateOrganisationDto,
    @UploadedFile() logo: LogoUpload | undefined,
    @Headers('authorization') authorization: string,
  ): Promise<OrganisationDto> {
    return this.organisations.update(id, body, logo, authorization);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete an organisation and its logo (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Deletes the organisation, then its logo from the media service (best effort: a failure leaves an unused file, never an organisation pointing at a missing one), and answers `{message}`.',
  })
  @ApiOkResponse({ type: OrganisationDeletedDto })
  @ApiErrors({ 400: 'id is neither a UUID nor an ObjectId', 404: 'No organisation has this id' })
  async remove(@Param() { id }: OrganisationIdParams, @Headers('authorization') authorization: string): Promise<OrganisationDeletedDto> {
    await this.organisations.remove(id, authorization);
    return { message: 'Organisation deleted' };
  }
}
