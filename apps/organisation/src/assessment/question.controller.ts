import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { ErrorResponseDto } from '../accounts/account.dto';
import { AssessmentDeletedDto, IntegerIdParams, type Page } from './assessment-common.dto';
import { CreateQuestionDto, QuestionDto, QuestionListQuery, QuestionPageDto, UpdateQuestionDto } from './question.dto';
import { QuestionService } from './question.service';

/** /question (gateway: /organisation/question), docs/assessment.md. Account tokens read; administrators write. */
@AccountResource('question')
@Controller('question')
export class QuestionController {
  constructor(private readonly questions: QuestionService) {}

  @Get()
  @ApiOperation({ summary: 'List questions by group and order, a page at a time; search is a case-insensitive regular expression on text' })
  @ApiOkResponse({ type: QuestionPageDto })
  @ApiBadRequestResponse({ description: 'Invalid filter, page, limit or search (not a regular expression, too long, too expensive)', type: ErrorResponseDto })
  list(@Query() query: QuestionListQuery): Promise<Page<QuestionDto>> {
    return this.questions.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a question (administrators)' })
  @ApiCreatedResponse({ type: QuestionDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, or the question group does not exist', type: ErrorResponseDto })
  create(@Body() body: CreateQuestionDto): Promise<QuestionDto> {
    return this.questions.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a question' })
  @ApiOkResponse({ type: QuestionDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No question has this id', type: ErrorResponseDto })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionDto> {
    return this.questions.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a question (administrators); only the given fields change' })
  @ApiOkResponse({ type: QuestionDto })
  @ApiBadRequestResponse({ description: 'id or a field is invalid, or the question group does not exist', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No question has this id', type: ErrorResponseDto })
  update(@Param() { id }: IntegerIdParams, @Body() body: UpdateQuestionDto): Promise<QuestionDto> {
    return this.questions.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a question and its answers (administrators)' })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No question has this id', type: ErrorResponseDto })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.questions.remove(id);
    return { message: 'Question deleted' };
  }
}
