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
  @ApiOperation({
    summary: 'List teams, oldest first',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). Every profile team, oldest first, as one array (not paged), in the list shape: `name`, `description`, `members` (the stored member ids), `organisation_id`, `roleName`, `managers` and the timestamps.',
  })
  @ApiOkResponse({ type: TeamListItemDto, isArray: true })
  list(): Promise<TeamListItemDto[]> {
    return this.teams.list();
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a team (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Creates a team with a new `_id` (24-hex ObjectId) and answers it in the create shape (`teamName`, `teamDescription`, `memberIds`); `managers` and `memberIds` default to []. `teamName` is unique within its `organisation_id` ignoring case (409).',
  })
  @ApiCreatedResponse({ type: TeamDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or not accepted', 409: 'The organisation already has a team with this name' })
  create(@Body() body: CreateTeamDto): Promise<TeamDto> {
    return this.teams.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a team with its member list',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The team in the list shape (`name`, `description`, `members` as the stored member ids); 404 when none has this `_id`.',
  })
  @ApiOkResponse({ type: TeamListItemDto })
  @ApiErrors({ 400: 'id is not an ObjectId', 404: 'No team has this id' })
  get(@Param() { id }: ObjectIdParams): Promise<TeamListItemDto> {
    return this.teams.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a team (administrators); any subset of the create fields',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Changes only the fields sent (`null` clears `teamDescription` or `roleName`; lists are replaced whole) and answers in the create shape. A name the organisation already has for another team, also one the team moves into, is 409.',
  })
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
  @ApiOperation({
    summary: 'Delete a team (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Deletes the team for good and answers `{message}`.',
  })
  @ApiOkResponse({ type: ProfileDeletedDto })
  @ApiErrors({ 400: 'id is not an ObjectId', 404: 'No team has this id' })
  async remove(@Param() { id }: ObjectIdParams): Promise<ProfileDeletedDto> {
    await this.teams.remove(id);
    return { message: 'Team deleted' };
  }
}
