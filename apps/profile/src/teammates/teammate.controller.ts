import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOnly, Principal, type VerifiedToken, AccountResource } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { ObjectIdParams, ProfileDeletedDto } from '../shared/validation';
import { CreateTeammateDto, TeammateDto, UpdateTeammateDto } from './teammate.dto';
import { TeammateService } from './teammate.service';

/**
 * /teammate and /me (gateway: /profile/teammate, /profile/me). Account tokens only: a persona may
 * read only its own persona (docs/contract.md, "Access"). Writes need an administrator.
 */
@AccountResource('teammate')
@Controller()
export class TeammateController {
  constructor(private readonly teammates: TeammateService) {}

  @Get('me')
  @ApiOperation({
    summary: "The caller's teammate: the one whose e-mail address is the token's",
    description:
      "Account tokens only (administrator or not; persona tokens: 403). The teammate whose `emailAddress` is the token's, compared ignoring case; 404 when no teammate has it.",
  })
  @ApiOkResponse({ type: TeammateDto })
  @ApiErrors({ 404: "No teammate has the token's e-mail address" })
  me(@Principal() principal: VerifiedToken): Promise<TeammateDto> {
    return this.teammates.getByEmail(principal.emailAddress);
  }

  @Get('teammate')
  @ApiOperation({
    summary: 'List teammates, oldest first',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). Every teammate, oldest first, as one array (not paged).',
  })
  @ApiOkResponse({ type: TeammateDto, isArray: true })
  list(): Promise<TeammateDto[]> {
    return this.teammates.list();
  }

  @Post('teammate')
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a teammate (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Creates a teammate with a new `_id` (24-hex ObjectId); nothing is e-mailed. `emailAddress` is unique among teammates ignoring case: of two concurrent creates with one address, one wins and the other is 409.',
  })
  @ApiCreatedResponse({ type: TeammateDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or not accepted', 409: 'A teammate with this e-mail address already exists' })
  create(@Body() body: CreateTeammateDto): Promise<TeammateDto> {
    return this.teammates.create(body);
  }

  @Get('teammate/:id')
  @ApiOperation({
    summary: 'Get a teammate',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The teammate with this `_id`; 404 when there is none.',
  })
  @ApiOkResponse({ type: TeammateDto })
  @ApiErrors({ 400: 'id is not an ObjectId', 404: 'No teammate has this id' })
  get(@Param() { id }: ObjectIdParams): Promise<TeammateDto> {
    return this.teammates.get(id);
  }

  @Put('teammate/:id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a teammate (administrators); only the given fields change',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Changes only the fields sent; an `emailAddress` that another teammate has (ignoring case) is 409.',
  })
  @ApiOkResponse({ type: TeammateDto })
  @ApiErrors({
    400: 'id is not an ObjectId, or a field is invalid or not accepted',
    404: 'No teammate has this id',
    409: 'A teammate with this e-mail address already exists',
  })
  update(@Param() { id }: ObjectIdParams, @Body() body: UpdateTeammateDto): Promise<TeammateDto> {
    return this.teammates.update(id, body);
  }

  @Delete('teammate/:id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete a teammate (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Deletes the teammate for good and answers `{message}`.',
  })
  @ApiOkResponse({ type: ProfileDeletedDto })
  @ApiErrors({ 400: 'id is not an ObjectId', 404: 'No teammate has this id' })
  async remove(@Param() { id }: ObjectIdParams): Promise<ProfileDeletedDto> {
    await this.teammates.remove(id);
    return { message: 'Teammate deleted' };
  }
}
