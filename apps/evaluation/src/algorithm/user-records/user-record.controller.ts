import { Controller, Delete, Get, Inject, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AccountResource, AdminOnly } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { ApiErrors, PageQueryDto, ValidatedBody } from '@teamfit/common';
import { AlgorithmDeletedDto, UserIdParams } from '../shared/algorithm-http.dto';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_OPENAPI } from '../shared/algorithm-openapi';
import {
  CreateUserExperienceDto,
  CreateUserGoalDto,
  UserExperienceDto,
  UserExperienceInput,
  UserGoalDto,
  UserGoalInput,
} from './user-record.dto';
import { type UserRecordInput, UserExperienceService, UserGoalService, type UserRecordService } from './user-record.service';

interface UserRecordRoute {
  service: Type<UserRecordService<{ userId: number }>>;
  response: Type;
  create: Type;
  input: Type;
}

const INVALID = 'A field is invalid or not accepted, or refers to a lookup id that does not exist (the message names the field)';

/**
 * /algorithm/userexperiences and /algorithm/usergoals (gateway: /evaluation/algorithm/…): records
 * keyed by the persona's integer user id. `PUT /:userId` upserts: 201 when it created the record,
 * 200 when it changed it.
 */
export function userRecordController(route: UserRecordRoute, collection: string, label: string): Type {
  const noun = label.toLowerCase();

  @AccountResource(`algorithm/${collection}`)
  @Controller(`algorithm/${collection}`)
  class UserRecordController {
    constructor(@Inject(route.service) private readonly records: UserRecordService<{ userId: number }>) {}

    @Get()
    @ApiOperation({
      summary: `List ${noun}s, by userId`,
      description: `Any account token (administrator or not); persona tokens are refused (403). One page of ${noun}s as a plain array ordered by \`userId\`; the \`X-Total-Count\` header gives the size of the whole collection. \`page\` defaults to 1, \`limit\` to 10 (at most 100; more is 400).`,
    })
    @ApiOkResponse({ type: route.response, isArray: true, headers: TOTAL_COUNT_OPENAPI })
    @ApiErrors({ 400: 'page or limit invalid (limit at most 100)' })
    async list(@Query() query: PageQueryDto, @Res({ passthrough: true }) response: FastifyReply): Promise<object[]> {
      const { items, total } = await this.records.list(query);
      response.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    }

    @Post()
    @AdminOnly()
    @ApiOperation({
      summary: `Create the ${noun} of a user (administrators); absent fields are [] or null`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). Creates the ${noun} of the user in \`userId\` (a persona's integer \`user.id\`); every lookup id must exist (400 naming the field). 409 when the user already has one: PUT /evaluation/algorithm/${collection}/{userId} changes it.`,
    })
    @ApiBody({ type: route.create })
    @ApiCreatedResponse({ type: route.response })
    @ApiErrors({ 400: INVALID, 409: `The user already has a ${noun} (PUT /:userId changes it)` })
    create(@ValidatedBody(route.create) body: UserRecordInput & { userId: number }): Promise<object> {
      const { userId, ...fields } = body;
      return this.records.create(userId, fields);
    }

    @Get(':userId')
    @ApiOperation({
      summary: `Get the ${noun} of a user`,
      description: `Any account token (administrator or not); persona tokens are refused (403). The ${noun} of the user with this integer \`userId\` (a persona's \`user.id\`); 404 when the user has none.`,
    })
    @ApiOkResponse({ type: route.response })
    @ApiErrors({ 400: 'userId is not a non-negative integer', 404: `The user has no ${noun}` })
    get(@Param() { userId }: UserIdParams): Promise<object> {
      return this.records.get(userId);
    }

    @Put(':userId')
    @AdminOnly()
    @ApiOperation({
      summary: `Create or update the ${noun} of a user (administrators); only the fields given change`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). An upsert in one statement: 201 with the new record when the user had none (absent lists [] and ids null), 200 when it changed the existing one (arrays are replaced whole). Concurrent PUTs for one user create one record; every lookup id must exist (400 naming the field).`,
    })
    @ApiBody({ type: route.input })
    @ApiOkResponse({ type: route.response, description: 'Updated' })
    @ApiCreatedResponse({ type: route.response, description: 'Created: the user had none' })
    @ApiErrors({ 400: `userId is not a non-negative integer, or: ${INVALID}` })
    async upsert(
      @Param() { userId }: UserIdParams,
      @ValidatedBody(route.input) body: UserRecordInput,
      @Res() response: FastifyReply,
    ): Promise<void> {
      const { row, created } = await this.records.upsert(userId, body);
      void response.code(created ? 201 : 200).send(row);
    }

    @Delete(':userId')
    @AdminOnly()
    @ApiOperation({
      summary: `Delete the ${noun} of a user (administrators)`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). Deletes the ${noun} of the user and answers \`{message}\`; 404 when the user has none.`,
    })
    @ApiOkResponse({ type: AlgorithmDeletedDto })
    @ApiErrors({ 400: 'userId is not a non-negative integer', 404: `The user has no ${noun}` })
    async remove(@Param() { userId }: UserIdParams): Promise<AlgorithmDeletedDto> {
      await this.records.remove(userId);
      return { message: `${label} deleted` };
    }
  }

  // Distinct class names keep OpenAPI operation ids (Controller_method) unique.
  Object.defineProperty(UserRecordController, 'name', { value: `${label.replace(/ /g, '')}sController` });
  return UserRecordController;
}

export const UserExperiencesController = userRecordController(
  { service: UserExperienceService, response: UserExperienceDto, create: CreateUserExperienceDto, input: UserExperienceInput },
  'userexperiences',
  'User experience',
);

export const UserGoalsController = userRecordController(
  { service: UserGoalService, response: UserGoalDto, create: CreateUserGoalDto, input: UserGoalInput },
  'usergoals',
  'User goal',
);
