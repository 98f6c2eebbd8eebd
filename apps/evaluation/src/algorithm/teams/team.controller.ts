import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AccountResource, AdminOnly } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { ApiErrors, PageQueryDto } from '@teamfit/common';
import { AlgorithmDeletedDto, IdParams } from '../shared/algorithm-http.dto';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_OPENAPI } from '../shared/algorithm-openapi';
import { AlgorithmTeamDto, CreateAlgorithmTeamDto, UpdateAlgorithmTeamDto } from './team.dto';
import { TeamService } from './team.service';

/** /algorithm/teams (gateway: /evaluation/algorithm/teams): the teams evaluations are matched against. */
@AccountResource('algorithm/teams')
@Controller('algorithm/teams')
export class TeamController {
  constructor(private readonly teams: TeamService) {}

  @Get()
  @ApiOperation({
    summary: 'List teams, by id',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). One page of algorithm teams (the teams evaluations are scored against) as a plain array ordered by `id`; the `X-Total-Count` header gives the size of the whole collection. `page` defaults to 1, `limit` to 10 (at most 100; more is 400).',
  })
  @ApiOkResponse({ type: AlgorithmTeamDto, isArray: true, headers: TOTAL_COUNT_OPENAPI })
  @ApiErrors({ 400: 'page or limit invalid (limit at most 100)' })
  async list(@Query() query: PageQueryDto, @Res({ passthrough: true }) response: FastifyReply): Promise<AlgorithmTeamDto[]> {
    const { items, total } = await this.teams.list(query);
    response.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a team (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Creates an algorithm team with the next integer `id`; names need not be unique. `memberPersonaIds` are distinct persona UUIDs (at most 1000, [] by default); neither they nor `organisationId` are checked against the other services.',
  })
  @ApiCreatedResponse({ type: AlgorithmTeamDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or not accepted' })
  create(@Body() body: CreateAlgorithmTeamDto): Promise<AlgorithmTeamDto> {
    return this.teams.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a team',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The team with its `memberPersonaIds`; 404 when none has this id.',
  })
  @ApiOkResponse({ type: AlgorithmTeamDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No team has this id' })
  get(@Param() { id }: IdParams): Promise<AlgorithmTeamDto> {
    return this.teams.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a team (administrators); only the given fields change',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). A partial update: only the fields sent change, `memberPersonaIds` is replaced whole and `organisationId: null` clears it. Team-match, compare-team and evaluations completed afterwards use the new member list.',
  })
  @ApiOkResponse({ type: AlgorithmTeamDto })
  @ApiErrors({ 400: 'id is not a positive integer, or a field is invalid or not accepted', 404: 'No team has this id' })
  update(@Param() { id }: IdParams, @Body() body: UpdateAlgorithmTeamDto): Promise<AlgorithmTeamDto> {
    return this.teams.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete a team (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Deletes the team and answers `{message}`; while a role or an evaluation refers to it the answer is 409 and nothing is deleted.',
  })
  @ApiOkResponse({ type: AlgorithmDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No team has this id', 409: 'A role or an evaluation still refers to the team' })
  async remove(@Param() { id }: IdParams): Promise<AlgorithmDeletedDto> {
    await this.teams.remove(id);
    return { message: 'Team deleted' };
  }
}
