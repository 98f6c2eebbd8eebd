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
  @ApiOperation({ summary: 'List roles, by id; optionally those of one team' })
  @ApiOkResponse({ type: RoleDto, isArray: true, headers: TOTAL_COUNT_OPENAPI })
  @ApiErrors({ 400: 'page, limit or teamId invalid (limit at most 100)' })
  async list(@Query() query: RoleListQuery, @Res({ passthrough: true }) response: FastifyReply): Promise<RoleDto[]> {
    const { items, total } = await this.roles.list(query, query.teamId);
    response.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a role (administrators)' })
  @ApiCreatedResponse({ type: RoleDto })
  @ApiErrors({ 400: 'A field is missing, invalid or not accepted, or teamId/roleSpecificationId refers to nothing' })
  create(@Body() body: CreateRoleDto): Promise<RoleDto> {
    return this.roles.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a role' })
  @ApiOkResponse({ type: RoleDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No role has this id' })
  get(@Param() { id }: IdParams): Promise<RoleDto> {
    return this.roles.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a role (administrators); only the given fields change' })
  @ApiOkResponse({ type: RoleDto })
  @ApiErrors({ 400: 'id is not a positive integer, a field is invalid, or a reference refers to nothing', 404: 'No role has this id' })
  update(@Param() { id }: IdParams, @Body() body: UpdateRoleDto): Promise<RoleDto> {
    return this.roles.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a role (administrators)' })
  @ApiOkResponse({ type: AlgorithmDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No role has this id' })
  async remove(@Param() { id }: IdParams): Promise<AlgorithmDeletedDto> {
    await this.roles.remove(id);
    return { message: 'Role deleted' };
  }
}
