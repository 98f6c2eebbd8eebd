import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AcceptTokens, AdminOnly, Principal, RetryAfterInterceptor, type VerifiedToken } from '@teamfit/auth';
import { ErrorResponseDto, UuidParams } from '../shared/validation';
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

const ADDRESS_TAKEN = { description: 'Another persona signs in with this e-mail address (compared ignoring case)', type: ErrorResponseDto };

const NO_PERSONA_ID = { description: 'The token carries no personaId claim (an account token)', type: ErrorResponseDto };

/**
 * /persona (gateway: /profile/persona). Administrators may do everything; other accounts read;
 * a persona token reads and patches only its own persona. The fixed paths (me, profile, status)
 * are declared before /persona/:id so that the parameter route does not capture them.
 */
@ApiTags('persona')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No Authorization header', type: ErrorResponseDto })
@ApiForbiddenResponse({ description: 'Invalid or expired token, or not allowed for this caller', type: ErrorResponseDto })
@Controller('persona')
export class PersonaController {
  constructor(private readonly personas: PersonaService) {}

  @Get('me')
  @ApiOperation({ summary: "The token's persona (superseded by /persona/profile)" })
  @ApiOkResponse({ type: PersonaDto })
  @ApiBadRequestResponse(NO_PERSONA_ID)
  @ApiNotFoundResponse({ description: 'The persona no longer exists', type: ErrorResponseDto })
  me(@Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.own(caller);
  }

  @Get('profile')
  @ApiOperation({ summary: "The token's persona, with roles, status and profile fields" })
  @ApiOkResponse({ type: PersonaDto })
  @ApiBadRequestResponse(NO_PERSONA_ID)
  @ApiNotFoundResponse({ description: 'The persona no longer exists', type: ErrorResponseDto })
  profile(@Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.own(caller);
  }

  @Get('status')
  @ApiOperation({ summary: "Profile completeness of the token's persona: nine fields, integer percent" })
  @ApiOkResponse({ type: PersonaStatusDto })
  @ApiBadRequestResponse(NO_PERSONA_ID)
  @ApiNotFoundResponse({ description: 'The persona no longer exists', type: ErrorResponseDto })
  status(@Principal() caller: VerifiedToken): Promise<PersonaStatusDto> {
    return this.personas.status(caller);
  }

  @Get()
  @AcceptTokens('account')
  @ApiOperation({ summary: 'List personas, a page at a time, oldest first (account tokens)' })
  @ApiOkResponse({ type: PersonaPageDto })
  @ApiBadRequestResponse({ description: 'page, limit (at most 100) or user_id invalid', type: ErrorResponseDto })
  list(@Query() query: PersonaListQueryDto): Promise<PersonaPageDto> {
    return this.personas.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a persona (administrators); status defaults to PENDING' })
  @ApiCreatedResponse({ type: PersonaDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, or not accepted', type: ErrorResponseDto })
  @ApiConflictResponse(ADDRESS_TAKEN)
  create(@Body() body: CreatePersonaDto): Promise<PersonaDto> {
    return this.personas.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a persona (a persona token: only its own)' })
  @ApiOkResponse({ type: PersonaDto })
  @ApiBadRequestResponse({ description: 'id is not a UUID', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No persona has this id', type: ErrorResponseDto })
  get(@Param() { id }: UuidParams, @Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.get(id, caller);
  }

  @Put(':id/access')
  @AdminOnly()
  @ApiOperation({ summary: "Set a persona's roles and status (administrators); only the given fields change" })
  @ApiOkResponse({ type: PersonaDto })
  @ApiBadRequestResponse({ description: 'id is not a UUID, or an unknown role or status', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No persona has this id', type: ErrorResponseDto })
  setAccess(@Param() { id }: UuidParams, @Body() body: PersonaAccessDto): Promise<PersonaDto> {
    return this.personas.setAccess(id, body);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a persona (administrators); `user` is merged field by field' })
  @ApiOkResponse({ type: PersonaDto })
  @ApiBadRequestResponse({ description: 'id is not a UUID, or a field is invalid or not accepted', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No persona has this id', type: ErrorResponseDto })
  @ApiConflictResponse(ADDRESS_TAKEN)
  update(@Param() { id }: UuidParams, @Body() body: UpdatePersonaDto): Promise<PersonaDto> {
    return this.personas.update(id, body);
  }

  @Patch(':persona_id')
  @ApiOperation({
    summary: 'Partial update (administrators, or the persona itself); roles and status are refused',
    description:
      'Administrators set e-mail addresses directly. A persona that gives itself a new `emailAddress` or `user.emailAddress` ' +
      'keeps its current address: a confirmation code is e-mailed to the new one, and POST /persona/{id}/email/verify with ' +
      'that code makes the change. The answer is the persona as stored, with every other change applied.',
  })
  @ApiOkResponse({ type: PersonaDto })
  @ApiBadRequestResponse({ description: 'A field has an invalid format, or is not accepted (roles, status)', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No persona has this id', type: ErrorResponseDto })
  @ApiConflictResponse(ADDRESS_TAKEN)
  patch(@Param() { persona_id }: PersonaIdParams, @Body() body: PatchPersonaDto, @Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.patch(persona_id, body, caller);
  }

  @Post(':id/email/verify')
  @AcceptTokens('persona')
  @HttpCode(200)
  @UseInterceptors(RetryAfterInterceptor)
  @ApiOperation({ summary: "Prove a new e-mail address with the code sent to it; the persona's address changes (the persona itself)" })
  @ApiOkResponse({ type: PersonaDto })
  @ApiBadRequestResponse({ description: 'Wrong or expired code, none pending, too many wrong codes, or id not a UUID', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No persona has this id', type: ErrorResponseDto })
  @ApiConflictResponse(ADDRESS_TAKEN)
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes: wait (Retry-After gives the seconds)', type: ErrorResponseDto })
  confirmEmail(@Param() { id }: UuidParams, @Body() body: ConfirmEmailChangeDto, @Principal() caller: VerifiedToken): Promise<PersonaDto> {
    return this.personas.confirmEmail(id, body.otp, caller);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a persona (administrators)' })
  @ApiNoContentResponse({ description: 'Deleted; no body' })
  @ApiBadRequestResponse({ description: 'id is not a UUID', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No persona has this id', type: ErrorResponseDto })
  async remove(@Param() { id }: UuidParams): Promise<void> {
    await this.personas.remove(id);
  }
}
