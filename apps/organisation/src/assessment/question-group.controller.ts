import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { ApiErrors, type Page } from '@teamfit/common';
import { AssessmentDeletedDto, IntegerIdParams } from './assessment-common.dto';
import {
  CreateQuestionGroupDto,
  QuestionGroupDto,
  QuestionGroupListQuery,
  QuestionGroupPageDto,
  UpdateQuestionGroupDto,
} from './question-group.dto';
import { QuestionGroupService } from './question-group.service';

/** /question-group (gateway: /organisation/question-group), docs/assessment.md. Account tokens read; administrators write. */
@AccountResource('question-group')
@Controller('question-group')
export class QuestionGroupController {
  constructor(private readonly groups: QuestionGroupService) {}

  @Get()
  @ApiOperation({
    summary: 'List question groups by id, a page at a time; search is a case-insensitive regular expression on name',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). Answers `{items, total, page, limit}` ordered by id, each group with its `questionIds` (derived from the questions, in question order); `search` is a PostgreSQL case-insensitive regular expression on `name` (an invalid or too expensive pattern is 400). `page` defaults to 1, `limit` to 10 (at most 100; more is 400).',
  })
  @ApiOkResponse({ type: QuestionGroupPageDto })
  @ApiErrors({ 400: 'Invalid page, limit or search (not a regular expression, too long, too expensive)' })
  list(@Query() query: QuestionGroupListQuery): Promise<Page<QuestionGroupDto>> {
    return this.groups.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a question group (administrators); questionIds move existing questions into it',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Creates a group with the next integer id; names are unique ignoring case (409). `questionIds` (optional, default []) moves those existing questions into the new group in the same transaction; an unknown one is 400.',
  })
  @ApiCreatedResponse({ type: QuestionGroupDto })
  @ApiErrors({
    400: 'A field is missing or invalid, or a listed question does not exist',
    409: 'A question group with this name already exists',
  })
  create(@Body() body: CreateQuestionGroupDto): Promise<QuestionGroupDto> {
    return this.groups.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a question group',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The group with its `questionIds`; 404 when none has this id.',
  })
  @ApiOkResponse({ type: QuestionGroupDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No question group has this id' })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionGroupDto> {
    return this.groups.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a question group (administrators); only the given fields change',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Changes only the fields sent. `questionIds`, when sent, is the whole membership: listed questions move into the group, and leaving out one of the group's own questions is 409 (a question cannot be left without a group).",
  })
  @ApiOkResponse({ type: QuestionGroupDto })
  @ApiErrors({
    400: 'id or a field is invalid, or a listed question does not exist',
    404: 'No question group has this id',
    409: 'The name is taken, or questionIds leaves out a question of the group',
  })
  update(@Param() { id }: IntegerIdParams, @Body() body: UpdateQuestionGroupDto): Promise<QuestionGroupDto> {
    return this.groups.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete a question group without questions (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Deletes an empty group and answers `{message}`; a group that still has questions is 409 (delete or move them first).',
  })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No question group has this id', 409: 'The group still has questions' })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.groups.remove(id);
    return { message: 'Question group deleted' };
  }
}
