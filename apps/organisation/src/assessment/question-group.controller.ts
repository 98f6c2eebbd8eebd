import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { ErrorResponseDto } from '../accounts/account.dto';
import { AssessmentDeletedDto, IntegerIdParams, type Page } from './assessment-common.dto';
import { CreateQuestionGroupDto, QuestionGroupDto, QuestionGroupListQuery, QuestionGroupPageDto, UpdateQuestionGroupDto } from './question-group.dto';
import { QuestionGroupService } from './question-group.service';

/** /question-group (gateway: /organisation/question-group), docs/assessment.md. Account tokens read; administrators write. */
@AccountResource('question-group')
@Controller('question-group')
export class QuestionGroupController {
  constructor(private readonly groups: QuestionGroupService) {}

  @Get()
  @ApiOperation({ summary: 'List question groups by id, a page at a time; search is a case-insensitive regular expression on name' })
  @ApiOkResponse({ type: QuestionGroupPageDto })
  @ApiBadRequestResponse({ description: 'Invalid page, limit or search (not a regular expression, too long, too expensive)', type: ErrorResponseDto })
  list(@Query() query: QuestionGroupListQuery): Promise<Page<QuestionGroupDto>> {
    return this.groups.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a question group (administrators); questionIds move existing questions into it' })
  @ApiCreatedResponse({ type: QuestionGroupDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, or a listed question does not exist', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'A question group with this name already exists', type: ErrorResponseDto })
  create(@Body() body: CreateQuestionGroupDto): Promise<QuestionGroupDto> {
    return this.groups.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a question group' })
  @ApiOkResponse({ type: QuestionGroupDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No question group has this id', type: ErrorResponseDto })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionGroupDto> {
    return this.groups.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a question group (administrators); only the given fields change' })
  @ApiOkResponse({ type: QuestionGroupDto })
  @ApiBadRequestResponse({ description: 'id or a field is invalid, or a listed question does not exist', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No question group has this id', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The name is taken, or questionIds leaves out a question of the group', type: ErrorResponseDto })
  update(@Param() { id }: IntegerIdParams, @Body() body: UpdateQuestionGroupDto): Promise<QuestionGroupDto> {
    return this.groups.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a question group without questions (administrators)' })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No question group has this id', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The group still has questions', type: ErrorResponseDto })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.groups.remove(id);
    return { message: 'Question group deleted' };
  }
}
