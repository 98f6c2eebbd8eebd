import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { ObjectIdParams, ProfileDeletedDto } from '../shared/validation';
import { CreateTeamDto, TeamDto, TeamListItemDto, UpdateTeamDto } from './team.dto';
import { TeamService } from './team.service';

/**
 * /team (gateway: /profile/team). Account tokens only; writes need an administrator. Reads answer
 * in the list shape (`name`, `description`, `members`), writes in the create shape (docs/profile.md).
 */
@AccountResource('team')
@Controller('team')
export class TeamController {
  constructor(private readonly teams: TeamService) {}

  @Get()
  @ApiOperation({ summary: 'List teams, oldest first' })
  @ApiOkResponse({ type: TeamListItemDto, isArray: true })
  list(): Promise<TeamListItemDto[]> {
    return this.teams.list();
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a team (administrators)' })
  @ApiCreatedResponse({ type: TeamDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or not accepted', 409: 'The organisation already has a team with this name' })
  create(@Body() body: CreateTeamDto): Promise<TeamDto> {
    return this.teams.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a team with its member list' })
  @ApiOkResponse({ type: TeamListItemDto })
  @ApiErrors({ 400: 'id is not an ObjectId', 404: 'No team has this id' })
  get(@Param() { id }: ObjectIdParams): Promise<TeamListItemDto> {
    return this.teams.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a team (administrators); any subset of the create fields' })
  @ApiOkResponse({ type: TeamDto })
  @ApiErrors({
    400: 'id is not an ObjectId, or a field is invalid or not accepted',
    404: 'No team has this id',
    409: 'The organisation already has a team with this name',
  })
  update(@Param() { id }: ObjectIdParams, @Body() body: UpdateTeamDto): Promise<TeamDto> {
    return this.teams.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a team (administrators)' })
  @ApiOkResponse({ type: ProfileDeletedDto })
  @ApiErrors({ 400: 'id is not an ObjectId', 404: 'No team has this id' })
  async remove(@Param() { id }: ObjectIdParams): Promise<ProfileDeletedDto> {
    await this.teams.remove(id);
    return { message: 'Team deleted' };
  }
}
