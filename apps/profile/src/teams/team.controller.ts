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
import { ErrorResponseDto, ObjectIdParams, ProfileDeletedDto } from '../shared/validation';
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
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, or not accepted', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The organisation already has a team with this name', type: ErrorResponseDto })
  create(@Body() body: CreateTeamDto): Promise<TeamDto> {
    return this.teams.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a team with its member list' })
  @ApiOkResponse({ type: TeamListItemDto })
  @ApiBadRequestResponse({ description: 'id is not an ObjectId', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No team has this id', type: ErrorResponseDto })
  get(@Param() { id }: ObjectIdParams): Promise<TeamListItemDto> {
    return this.teams.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a team (administrators); any subset of the create fields' })
  @ApiOkResponse({ type: TeamDto })
  @ApiBadRequestResponse({ description: 'id is not an ObjectId, or a field is invalid or not accepted', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No team has this id', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The organisation already has a team with this name', type: ErrorResponseDto })
  update(@Param() { id }: ObjectIdParams, @Body() body: UpdateTeamDto): Promise<TeamDto> {
    return this.teams.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a team (administrators)' })
  @ApiOkResponse({ type: ProfileDeletedDto })
  @ApiBadRequestResponse({ description: 'id is not an ObjectId', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No team has this id', type: ErrorResponseDto })
  async remove(@Param() { id }: ObjectIdParams): Promise<ProfileDeletedDto> {
    await this.teams.remove(id);
    return { message: 'Team deleted' };
  }
}
