import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { ApiErrors, type Page } from '@teamfit/common';
import { AssessmentDeletedDto, IntegerIdParams } from './assessment-common.dto';
import {
  CreateQuestionAnswerDto,
  QuestionAnswerDto,
  QuestionAnswerListQuery,
  QuestionAnswerPageDto,
  UpdateQuestionAnswerDto,
} from './question-answer.dto';
import { QuestionAnswerService } from './question-answer.service';

/** /question-answer (gateway: /organisation/question-answer), docs/assessment.md. Account tokens read; administrators write. */
@AccountResource('question-answer')
@Controller('question-answer')
export class QuestionAnswerController {
  constructor(private readonly answers: QuestionAnswerService) {}

  @Get()
  @ApiOperation({
    summary: 'List answers by question and order, a page at a time; search is a case-insensitive regular expression on text',
  })
  @ApiOkResponse({ type: QuestionAnswerPageDto })
  @ApiErrors({ 400: 'Invalid filter, page, limit or search (not a regular expression, too long, too expensive)' })
  list(@Query() query: QuestionAnswerListQuery): Promise<Page<QuestionAnswerDto>> {
    return this.answers.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create an answer of a question (administrators)' })
  @ApiCreatedResponse({ type: QuestionAnswerDto })
  @ApiErrors({
    400: 'A field is missing or invalid, or the question does not exist',
    409: 'The question already has an answer with this value or orderIndex',
  })
  create(@Body() body: CreateQuestionAnswerDto): Promise<QuestionAnswerDto> {
    return this.answers.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an answer' })
  @ApiOkResponse({ type: QuestionAnswerDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No answer has this id' })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionAnswerDto> {
    return this.answers.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update an answer (administrators); only the given fields change' })
  @ApiOkResponse({ type: QuestionAnswerDto })
  @ApiErrors({
    400: 'id or a field is invalid, or the question does not exist',
    404: 'No answer has this id',
    409: 'The question already has an answer with this value or orderIndex',
  })
  update(@Param() { id }: IntegerIdParams, @Body() body: UpdateQuestionAnswerDto): Promise<QuestionAnswerDto> {
    return this.answers.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete an answer (administrators)' })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No answer has this id' })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.answers.remove(id);
    return { message: 'Question answer deleted' };
  }
}
