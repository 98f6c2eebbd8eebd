import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { AlgorithmErrorDto, DeletedDto, IdParams, pageOf, PageQuery } from '../shared/algorithm-http.dto';
import { AlgorithmAccess, TOTAL_COUNT_HEADER, TOTAL_COUNT_OPENAPI } from '../shared/algorithm-openapi';
import { CreateTeamDto, TeamDto, UpdateTeamDto } from './team.dto';
import { TeamService } from './team.service';

/** /algorithm/teams (gateway: /evaluation/algorithm/teams): the teams evaluations are matched against. */
@ApiTags('algorithm/teams')
@AlgorithmAccess()
@Controller('algorithm/teams')
export class TeamController {
  constructor(private readonly teams: TeamService) {}

  @Get()
  @ApiOperation({ summary: 'List teams, by id' })
  @ApiOkResponse({ type: TeamDto, isArray: true, headers: TOTAL_COUNT_OPENAPI })
  @ApiBadRequestResponse({ description: 'page or limit invalid (limit at most 100)', type: AlgorithmErrorDto })
  async list(@Query() query: PageQuery, @Res({ passthrough: true }) response: FastifyReply): Promise<TeamDto[]> {
    const { items, total } = await this.teams.list(pageOf(query));
    response.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a team (administrators)' })
  @ApiCreatedResponse({ type: TeamDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, or not accepted', type: AlgorithmErrorDto })
  create(@Body() body: CreateTeamDto): Promise<TeamDto> {
    return this.teams.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a team' })
  @ApiOkResponse({ type: TeamDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No team has this id', type: AlgorithmErrorDto })
  get(@Param() { id }: IdParams): Promise<TeamDto> {
    return this.teams.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a team (administrators); only the given fields change' })
  @ApiOkResponse({ type: TeamDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer, or a field is invalid or not accepted', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No team has this id', type: AlgorithmErrorDto })
  update(@Param() { id }: IdParams, @Body() body: UpdateTeamDto): Promise<TeamDto> {
    return this.teams.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a team (administrators)' })
  @ApiOkResponse({ type: DeletedDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No team has this id', type: AlgorithmErrorDto })
  @ApiConflictResponse({ description: 'A role or an evaluation still refers to the team', type: AlgorithmErrorDto })
  async remove(@Param() { id }: IdParams): Promise<DeletedDto> {
    await this.teams.remove(id);
    return { message: 'Team deleted' };
  }
}
