import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptTokens, AdminOnly, Principal, RetryAfterInterceptor, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { UuidParams } from '../shared/validation';
import {
  CreatePersonaDto,
  PatchPersonaDto,
  PersonaAccessDto,
  PersonaDto,
  PersonaIdParams,
  PersonaListQueryDto,
  PersonaPageDto,
  PersonaStatusDto,
  UpdatePersonaDto,
} from './persona.dto';
import { ConfirmEmailChangeDto } from './persona-email.dto';
import { PersonaService } from './persona.service';

/**
 * /persona (gateway: /profile/persona). Administrators may do everything; other accounts read;
 * a persona token reads and patches only its own persona. The fixed paths (me, profile, status)
 * are declared before /persona/:id so that the parameter route does not capture them.
 */
@ApiTags('persona')
@ApiBearerAuth()
@ApiErrors({ 401: 'No Authorization header', 403: 'Invalid or expired token, or not allowed for this caller' })
@Controller('persona')
export class PersonaController {
  constructor(private readonly personas: PersonaService) {}

  @Get('me')
  @ApiOperation({ summary: "The token's persona (superseded by /persona/profile)" })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({ 400: 'The token carries no personaId claim (an account token)', 404: 'The persona no longer exists' })
  me(@Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.own(caller);
  }

  @Get('profile')
  @ApiOperation({ summary: "The token's persona, with roles, status and profile fields" })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({ 400: 'The token carries no personaId claim (an account token)', 404: 'The persona no longer exists' })
  profile(@Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.own(caller);
  }

  @Get('status')
  @ApiOperation({ summary: "Profile completeness of the token's persona: nine fields, integer percent" })
  @ApiOkResponse({ type: PersonaStatusDto })
  @ApiErrors({ 400: 'The token carries no personaId claim (an account token)', 404: 'The persona no longer exists' })
  status(@Principal() caller: VerifiedToken): Promise<PersonaStatusDto> {
    return this.personas.status(caller);
  }

  @Get()
  @AcceptTokens('account')
  @ApiOperation({ summary: 'List personas, a page at a time, oldest first (account tokens)' })
  @ApiOkResponse({ type: PersonaPageDto })
  @ApiErrors({ 400: 'page, limit (at most 100) or user_id invalid' })
  list(@Query() query: PersonaListQueryDto): Promise<PersonaPageDto> {
    return this.personas.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a persona (administrators); status defaults to PENDING' })
  @ApiCreatedResponse({ type: PersonaDto })
  @ApiErrors({
    400: 'A field is missing or invalid, or not accepted',
    409: 'Another persona signs in with this e-mail address (compared ignoring case)',
  })
  create(@Body() body: CreatePersonaDto): Promise<PersonaDto> {
    return this.personas.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a persona (a persona token: only its own)' })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No persona has this id' })
  get(@Param() { id }: UuidParams, @Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.get(id, caller);
  }

  @Put(':id/access')
  @AdminOnly()
  @ApiOperation({ summary: "Set a persona's roles and status (administrators); only the given fields change" })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({ 400: 'id is not a UUID, or an unknown role or status', 404: 'No persona has this id' })
  setAccess(@Param() { id }: UuidParams, @Body() body: PersonaAccessDto): Promise<PersonaDto> {
    return this.personas.setAccess(id, body);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a persona (administrators); `user` is merged field by field' })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({
    400: 'id is not a UUID, or a field is invalid or not accepted',
    404: 'No persona has this id',
    409: 'Another persona signs in with this e-mail address (compared ignoring case)',
  })
  update(@Param() { id }: UuidParams, @Body() body: UpdatePersonaDto): Promise<PersonaDto> {
    return this.personas.update(id, body);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Partial update (administrators, or the persona itself); roles and status are refused',
    description:
      'Administrators set e-mail addresses directly. A persona that gives itself a new `emailAddress` or `user.emailAddress` ' +
      'keeps its current address: a confirmation code is e-mailed to the new one, and POST /persona/{id}/email/verify with ' +
      'that code makes the change. The answer is the persona as stored, with every other change applied.',
  })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({
    400: 'A field has an invalid format, or is not accepted (roles, status)',
    404: 'No persona has this id',
    409: 'Another persona signs in with this e-mail address (compared ignoring case)',
  })
  patch(@Param() { id }: PersonaIdParams, @Body() body: PatchPersonaDto, @Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.patch(id, body, caller);
  }

  @Post(':id/email/verify')
  @AcceptTokens('persona')
  @HttpCode(200)
  @UseInterceptors(RetryAfterInterceptor)
  @ApiOperation({ summary: "Prove a new e-mail address with the code sent to it; the persona's address changes (the persona itself)" })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({
    400: 'Wrong or expired code, none pending, too many wrong codes, or id not a UUID',
    404: 'No persona has this id',
    409: 'Another persona signs in with this e-mail address (compared ignoring case)',
    429: 'Too many wrong codes: wait (Retry-After gives the seconds)',
  })
  confirmEmail(@Param() { id }: UuidParams, @Body() body: ConfirmEmailChangeDto, @Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.confirmEmail(id, body.otp, caller);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a persona (administrators)' })
  @ApiNoContentResponse({ description: 'Deleted; no body' })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No persona has this id' })
  async remove(@Param() { id }: UuidParams): Promise<void> {
    await this.personas.remove(id);
  }
}
