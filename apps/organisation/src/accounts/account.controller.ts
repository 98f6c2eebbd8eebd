import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { AccountDeletedDto, AccountDto, AccountIdParams, CreateAccountDto, UpdateAccountDto } from './account.dto';
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
  @ApiOperation({
    summary: 'List accounts',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). Every dashboard account, oldest first, as one array (not paged).',
  })
  @ApiOkResponse({ type: AccountDto, isArray: true })
  list(): Promise<AccountDto[]> {
    return this.accounts.list();
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create an account (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Creates a dashboard account with a new UUID; it can then sign in at POST /auth/login with its e-mail address (nothing is e-mailed now). `isAdmin` defaults to false and `status` to ACTIVE; an address another account has, ignoring case, is 409.',
  })
  @ApiCreatedResponse({ type: AccountDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or not accepted', 409: 'An account with this e-mail address already exists' })
  create(@Body() body: CreateAccountDto): Promise<AccountDto> {
    return this.accounts.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get an account',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The account with this UUID; 404 when there is none.',
  })
  @ApiOkResponse({ type: AccountDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No account has this id' })
  get(@Param() { id }: AccountIdParams): Promise<AccountDto> {
    return this.accounts.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update an account (administrators); only the given fields change',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Changes only the fields sent (`organisationId: null` detaches the account); an address another account has is 409. A BLOCKED account can no longer sign in or refresh its tokens, and `isAdmin` reaches the access tokens issued from then on.',
  })
  @ApiOkResponse({ type: AccountDto })
  @ApiErrors({
    400: 'id is not a UUID, or a field is invalid or not accepted',
    404: 'No account has this id',
    409: 'An account with this e-mail address already exists',
  })
  update(@Param() { id }: AccountIdParams, @Body() body: UpdateAccountDto): Promise<AccountDto> {
    return this.accounts.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete an account (administrators)',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Deletes the account for good and answers `{message}`; its sessions' refresh tokens stop working.",
  })
  @ApiOkResponse({ type: AccountDeletedDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No account has this id' })
  async remove(@Param() { id }: AccountIdParams): Promise<AccountDeletedDto> {
    await this.accounts.remove(id);
    return { message: 'Account deleted' };
  }
}
