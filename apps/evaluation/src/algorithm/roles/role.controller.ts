import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { AlgorithmDeletedDto, AlgorithmErrorDto, IdParams, pageOf } from '../shared/algorithm-http.dto';
import { AlgorithmAccess, TOTAL_COUNT_HEADER, TOTAL_COUNT_OPENAPI } from '../shared/algorithm-openapi';
import { CreateRoleDto, RoleDto, RoleListQuery, UpdateRoleDto } from './role.dto';
import { RoleService } from './role.service';

/** /algorithm/roles (gateway: /evaluation/algorithm/roles): a team's roles and their specifications. */
@ApiTags('algorithm/roles')
@AlgorithmAccess()
@Controller('algorithm/roles')
export class RoleController {
  constructor(private readonly roles: RoleService) {}

  @Get()
  @ApiOperation({ summary: 'List roles, by id; optionally those of one team' })
  @ApiOkResponse({ type: RoleDto, isArray: true, headers: TOTAL_COUNT_OPENAPI })
  @ApiBadRequestResponse({ description: 'page, limit or teamId invalid (limit at most 100)', type: AlgorithmErrorDto })
  async list(@Query() query: RoleListQuery, @Res({ passthrough: true }) response: FastifyReply): Promise<RoleDto[]> {
    const { items, total } = await this.roles.list(pageOf(query), query.teamId);
    response.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a role (administrators)' })
  @ApiCreatedResponse({ type: RoleDto })
  @ApiBadRequestResponse({ description: 'A field is missing, invalid or not accepted, or teamId/roleSpecificationId refers to nothing', type: AlgorithmErrorDto })
  create(@Body() body: CreateRoleDto): Promise<RoleDto> {
    return this.roles.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a role' })
  @ApiOkResponse({ type: RoleDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No role has this id', type: AlgorithmErrorDto })
  get(@Param() { id }: IdParams): Promise<RoleDto> {
    return this.roles.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a role (administrators); only the given fields change' })
  @ApiOkResponse({ type: RoleDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer, a field is invalid, or a reference refers to nothing', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No role has this id', type: AlgorithmErrorDto })
  update(@Param() { id }: IdParams, @Body() body: UpdateRoleDto): Promise<RoleDto> {
    return this.roles.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a role (administrators)' })
  @ApiOkResponse({ type: AlgorithmDeletedDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No role has this id', type: AlgorithmErrorDto })
  async remove(@Param() { id }: IdParams): Promise<AlgorithmDeletedDto> {
    await this.roles.remove(id);
    return { message: 'Role deleted' };
  }
}
