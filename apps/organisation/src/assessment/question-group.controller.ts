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
  @ApiOperation({ summary: 'List question groups by id, a page at a time; search is a case-insensitive regular expression on name' })
  @ApiOkResponse({ type: QuestionGroupPageDto })
  @ApiErrors({ 400: 'Invalid page, limit or search (not a regular expression, too long, too expensive)' })
  list(@Query() query: QuestionGroupListQuery): Promise<Page<QuestionGroupDto>> {
    return this.groups.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a question group (administrators); questionIds move existing questions into it' })
  @ApiCreatedResponse({ type: QuestionGroupDto })
  @ApiErrors({
    400: 'A field is missing or invalid, or a listed question does not exist',
    409: 'A question group with this name already exists',
  })
  create(@Body() body: CreateQuestionGroupDto): Promise<QuestionGroupDto> {
    return this.groups.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a question group' })
  @ApiOkResponse({ type: QuestionGroupDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No question group has this id' })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionGroupDto> {
    return this.groups.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a question group (administrators); only the given fields change' })
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
  @ApiOperation({ summary: 'Delete a question group without questions (administrators)' })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No question group has this id', 409: 'The group still has questions' })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.groups.remove(id);
    return { message: 'Question group deleted' };
  }
}
