import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AccountResource, AdminOnly } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { ApiErrors } from '@teamfit/common';
import { AlgorithmDeletedDto, IdParams } from '../shared/algorithm-http.dto';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_OPENAPI } from '../shared/algorithm-openapi';
import { CreateRoleDto, RoleDto, RoleListQuery, UpdateRoleDto } from './role.dto';
import { RoleService } from './role.service';

/** /algorithm/roles (gateway: /evaluation/algorithm/roles): a team's roles and their specifications. */
@AccountResource('algorithm/roles')
@Controller('algorithm/roles')
export class RoleController {
  constructor(private readonly roles: RoleService) {}

  @Get()
  @ApiOperation({
    summary: 'List roles, by id; optionally those of one team',
    description:
      "Any account token (administrator or not); persona tokens are refused (403). One page of roles as a plain array ordered by `id`; `teamId` narrows it to one team's roles, and the `X-Total-Count` header gives the number of roles that match. `page` defaults to 1, `limit` to 10 (at most 100; more is 400).",
  })
  @ApiOkResponse({ type: RoleDto, isArray: true, headers: TOTAL_COUNT_OPENAPI })
  @ApiErrors({ 400: 'page, limit or teamId invalid (limit at most 100)' })
  async list(@Query() query: RoleListQuery, @Res({ passthrough: true }) response: FastifyReply): Promise<RoleDto[]> {
    const { items, total } = await this.roles.list(query, query.teamId);
    response.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a role (administrators)',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Creates a role of an algorithm team: `teamId` and `roleSpecificationId` (optional) must exist (400 naming the field), `criteriaWeight` is 0-100 (default 50). A team-match without `roleId` uses the team's first role (the lowest id).",
  })
  @ApiCreatedResponse({ type: RoleDto })
  @ApiErrors({ 400: 'A field is missing, invalid or not accepted, or teamId/roleSpecificationId refers to nothing' })
  create(@Body() body: CreateRoleDto): Promise<RoleDto> {
    return this.roles.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a role',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The role with its `teamId`, `roleSpecificationId` and `criteriaWeight`; 404 when none has this id.',
  })
  @ApiOkResponse({ type: RoleDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No role has this id' })
  get(@Param() { id }: IdParams): Promise<RoleDto> {
    return this.roles.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a role (administrators); only the given fields change',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). A partial update: only the fields sent change; `null` clears `roleSpecificationId` or `organisationId`. A `teamId` or `roleSpecificationId` that refers to nothing is 400 naming it.',
  })
  @ApiOkResponse({ type: RoleDto })
  @ApiErrors({ 400: 'id is not a positive integer, a field is invalid, or a reference refers to nothing', 404: 'No role has this id' })
  update(@Param() { id }: IdParams, @Body() body: UpdateRoleDto): Promise<RoleDto> {
    return this.roles.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete a role (administrators)',
    description: 'Administrator account tokens only (other accounts and persona tokens: 403). Deletes the role and answers `{message}`.',
  })
  @ApiOkResponse({ type: AlgorithmDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No role has this id' })
  async remove(@Param() { id }: IdParams): Promise<AlgorithmDeletedDto> {
    await this.roles.remove(id);
    return { message: 'Role deleted' };
  }
}
