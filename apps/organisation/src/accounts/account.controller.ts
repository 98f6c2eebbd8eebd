import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { AccountDeletedDto, AccountDto, AccountIdParams, CreateAccountDto, ErrorResponseDto, UpdateAccountDto } from './account.dto';
import { AccountService } from './account.service';

/**
 * /account (gateway: /organisation/account). Account tokens only: accounts are the dashboard's
 * users, and a persona may read only its own persona (docs/contract.md, "Access"). Writes need an
 * administrator.
 */
@AccountResource('account')
@Controller('account')
export class AccountController {
  constructor(private readonly accounts: AccountService) {}

  @Get()
  @ApiOperation({ summary: 'List accounts' })
  @ApiOkResponse({ type: AccountDto, isArray: true })
  list(): Promise<AccountDto[]> {
    return this.accounts.list();
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create an account (administrators)' })
  @ApiCreatedResponse({ type: AccountDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, or not accepted', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'An account with this e-mail address already exists', type: ErrorResponseDto })
  create(@Body() body: CreateAccountDto): Promise<AccountDto> {
    return this.accounts.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an account' })
  @ApiOkResponse({ type: AccountDto })
  @ApiBadRequestResponse({ description: 'id is not a UUID', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No account has this id', type: ErrorResponseDto })
  get(@Param() { id }: AccountIdParams): Promise<AccountDto> {
    return this.accounts.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update an account (administrators); only the given fields change' })
  @ApiOkResponse({ type: AccountDto })
  @ApiBadRequestResponse({ description: 'id is not a UUID, or a field is invalid or not accepted', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No account has this id', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'An account with this e-mail address already exists', type: ErrorResponseDto })
  update(@Param() { id }: AccountIdParams, @Body() body: UpdateAccountDto): Promise<AccountDto> {
    return this.accounts.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete an account (administrators)' })
  @ApiOkResponse({ type: AccountDeletedDto })
  @ApiBadRequestResponse({ description: 'id is not a UUID', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No account has this id', type: ErrorResponseDto })
  async remove(@Param() { id }: AccountIdParams): Promise<AccountDeletedDto> {
    await this.accounts.remove(id);
    return { message: 'Account deleted' };
  }
}
