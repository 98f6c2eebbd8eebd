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
import { CreateQuestionAnswerDto, QuestionAnswerDto, QuestionAnswerListQuery, QuestionAnswerPageDto, UpdateQuestionAnswerDto } from './question-answer.dto';
import { QuestionAnswerService } from './question-answer.service';

/** /question-answer (gateway: /organisation/question-answer), docs/assessment.md. Account tokens read; administrators write. */
@AccountResource('question-answer')
@Controller('question-answer')
export class QuestionAnswerController {
  constructor(private readonly answers: QuestionAnswerService) {}

  @Get()
  @ApiOperation({ summary: 'List answers by question and order, a page at a time; search is a case-insensitive regular expression on text' })
  @ApiOkResponse({ type: QuestionAnswerPageDto })
  @ApiBadRequestResponse({ description: 'Invalid filter, page, limit or search (not a regular expression, too long, too expensive)', type: ErrorResponseDto })
  list(@Query() query: QuestionAnswerListQuery): Promise<Page<QuestionAnswerDto>> {
    return this.answers.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create an answer of a question (administrators)' })
  @ApiCreatedResponse({ type: QuestionAnswerDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, or the question does not exist', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The question already has an answer with this value or orderIndex', type: ErrorResponseDto })
  create(@Body() body: CreateQuestionAnswerDto): Promise<QuestionAnswerDto> {
    return this.answers.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an answer' })
  @ApiOkResponse({ type: QuestionAnswerDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No answer has this id', type: ErrorResponseDto })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionAnswerDto> {
    return this.answers.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update an answer (administrators); only the given fields change' })
  @ApiOkResponse({ type: QuestionAnswerDto })
  @ApiBadRequestResponse({ description: 'id or a field is invalid, or the question does not exist', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No answer has this id', type: ErrorResponseDto })
  @ApiConflictResponse({ description: 'The question already has an answer with this value or orderIndex', type: ErrorResponseDto })
  update(@Param() { id }: IntegerIdParams, @Body() body: UpdateQuestionAnswerDto): Promise<QuestionAnswerDto> {
    return this.answers.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete an answer (administrators)' })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No answer has this id', type: ErrorResponseDto })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.answers.remove(id);
    return { message: 'Question answer deleted' };
  }
}
