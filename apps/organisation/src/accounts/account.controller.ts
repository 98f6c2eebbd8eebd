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
  @ApiOperation({ summary: 'List accounts' })
  @ApiOkResponse({ type: AccountDto, isArray: true })
  list(): Promise<AccountDto[]> {
    return this.accounts.list();
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create an account (administrators)' })
  @ApiCreatedResponse({ type: AccountDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or not accepted', 409: 'An account with this e-mail address already exists' })
  create(@Body() body: CreateAccountDto): Promise<AccountDto> {
    return this.accounts.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an account' })
  @ApiOkResponse({ type: AccountDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No account has this id' })
  get(@Param() { id }: AccountIdParams): Promise<AccountDto> {
    return this.accounts.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update an account (administrators); only the given fields change' })
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
  @ApiOperation({ summary: 'Delete an account (administrators)' })
  @ApiOkResponse({ type: AccountDeletedDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No account has this id' })
  async remove(@Param() { id }: AccountIdParams): Promise<AccountDeletedDto> {
    await this.accounts.remove(id);
    return { message: 'Account deleted' };
  }
}
