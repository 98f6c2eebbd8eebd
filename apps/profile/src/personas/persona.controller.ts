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
  @ApiOperation({
    summary: "The token's persona (superseded by /persona/profile)",
    description:
      "Persona tokens: the persona named by the token's `personaId` claim, the same answer as GET /profile/persona/profile. An account token passes but is 400 (it carries no `personaId`); 404 when the persona was deleted after the token was issued.",
  })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({ 400: 'The token carries no personaId claim (an account token)', 404: 'The persona no longer exists' })
  me(@Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.own(caller);
  }

  @Get('profile')
  @ApiOperation({
    summary: "The token's persona, with roles, status and profile fields",
    description:
      "Persona tokens: the token's own persona with every field, its `roles` and `status`; unset optional fields are null. An account token passes but is 400 (it carries no `personaId`); 404 when the persona was deleted after the token was issued.",
  })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({ 400: 'The token carries no personaId claim (an account token)', 404: 'The persona no longer exists' })
  profile(@Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.own(caller);
  }

  @Get('status')
  @ApiOperation({
    summary: "Profile completeness of the token's persona: nine fields, integer percent",
    description:
      "Persona tokens (an account token is 400: it carries no `personaId`). Says which of the nine fields are filled (the user's first and last name, the persona's e-mail address, `profileBio`, `contactNumber`, `linkedinProfile` or `linkedinProfileUrl`, `portfolioURL`, `xHandler`, `resumeContent`), `completeness` = round(filled / 9 × 100), and `isComplete` when all nine are.",
  })
  @ApiOkResponse({ type: PersonaStatusDto })
  @ApiErrors({ 400: 'The token carries no personaId claim (an account token)', 404: 'The persona no longer exists' })
  status(@Principal() caller: VerifiedToken): Promise<PersonaStatusDto> {
    return this.personas.status(caller);
  }

  @Get()
  @AcceptTokens('account')
  @ApiOperation({
    summary: 'List personas, a page at a time, oldest first (account tokens)',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). Answers `{personas, total, page, limit, totalPages}`, oldest first with `id` as tie-breaker, the total and the page read from one snapshot; `user_id` (exact UUID), `role` (case-insensitive substring), `search` (case-insensitive substring of the name, first and last, the username or either e-mail address) and `status` narrow it, all together. `page` defaults to 1, `limit` to 10 (at most 100; more is 400), and a page past the end is empty.',
  })
  @ApiOkResponse({ type: PersonaPageDto })
  @ApiErrors({ 400: 'page, limit (at most 100), user_id, search or status invalid' })
  list(@Query() query: PersonaListQueryDto): Promise<PersonaPageDto> {
    return this.personas.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a persona (administrators); status defaults to PENDING',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Creates a persona with a new UUID: `roles` default to none, `status` to PENDING, and `user.id` (the integer user id the algorithm records are keyed by) comes from a sequence unless given. Nothing is e-mailed; an address, its own or its user's, that another persona signs in with is 409.",
  })
  @ApiCreatedResponse({ type: PersonaDto })
  @ApiErrors({
    400: 'A field is missing or invalid, or not accepted',
    409: 'Another persona signs in with this e-mail address (compared ignoring case)',
  })
  create(@Body() body: CreatePersonaDto): Promise<PersonaDto> {
    return this.personas.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a persona (a persona token: only its own)',
    description:
      'Any account token; a persona token only for its own id (another id is 403, whether it exists or not). The persona with every field; unset optional fields are null.',
  })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No persona has this id' })
  get(@Param() { id }: UuidParams, @Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.get(id, caller);
  }

  @Put(':id/access')
  @AdminOnly()
  @ApiOperation({
    summary: "Set a persona's roles and status (administrators); only the given fields change",
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). The only route that changes `roles` (distinct values of EMPLOYEE, CANDIDATE, HR, TEAM_MANAGER, MANAGER) and `status` (ACTIVE, BLOCKED, PENDING); a field left out stays as it is, and the answer is the whole persona. A BLOCKED persona can no longer sign in or refresh its tokens.',
  })
  @ApiOkResponse({ type: PersonaDto })
  @ApiErrors({ 400: 'id is not a UUID, or an unknown role or status', 404: 'No persona has this id' })
  setAccess(@Param() { id }: UuidParams, @Body() body: PersonaAccessDto): Promise<PersonaDto> {
    return this.personas.setAccess(id, body);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a persona (administrators); `user` is merged field by field',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Changes only the fields sent (`null` clears an optional one; `user.id` cannot change); `roles` and `status` are 400 here (PUT /profile/persona/{id}/access sets them). E-mail addresses change at once, without a code; one that another persona signs in with is 409.',
  })
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
  @ApiOperation({
    summary: "Prove a new e-mail address with the code sent to it; the persona's address changes (the persona itself)",
    description:
      "Only the persona's own `persona` token (another persona's or an account token: 403). Proves the address change its own PATCH requested with the six-digit code e-mailed to the new address (valid 10 minutes, five wrong tries per code) and makes the change; a new own address also sets `verifiedEmail`. No change pending or an expired code is 400; after repeated wrong codes the persona must wait (429 with Retry-After); an address taken in the meantime is 409.",
  })
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
  @ApiOperation({
    summary: 'Delete a persona (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Removes the persona row, its pending address change and its sign-in state (codes, sessions, failure count); its evaluations, team memberships and service requests stay: POST /profile/persona/{id}/erase removes everything. 204 without a body.',
  })
  @ApiNoContentResponse({ description: 'Deleted; no body' })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No persona has this id' })
  async remove(@Param() { id }: UuidParams): Promise<void> {
    await this.personas.remove(id);
  }
}
