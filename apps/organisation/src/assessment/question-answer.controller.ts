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
    description:
      'Any account token (administrator or not); persona tokens are refused (403). Answers `{items, total, page, limit}` ordered by question, `orderIndex` and id; `questionId` narrows it, and `search` is a PostgreSQL case-insensitive regular expression on `text` (an invalid or too expensive pattern is 400). `page` defaults to 1, `limit` to 10 (at most 100; more is 400).',
  })
  @ApiOkResponse({ type: QuestionAnswerPageDto })
  @ApiErrors({ 400: 'Invalid filter, page, limit or search (not a regular expression, too long, too expensive)' })
  list(@Query() query: QuestionAnswerListQuery): Promise<Page<QuestionAnswerDto>> {
    return this.answers.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create an answer of a question (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Creates an answer option of an existing question (`questionId`, else 400) with the next integer id. `value` and `orderIndex` are each unique within the question (409 naming which); `text` is at most 200 characters.',
  })
  @ApiCreatedResponse({ type: QuestionAnswerDto })
  @ApiErrors({
    400: 'A field is missing or invalid, or the question does not exist',
    409: 'The question already has an answer with this value or orderIndex',
  })
  create(@Body() body: CreateQuestionAnswerDto): Promise<QuestionAnswerDto> {
    return this.answers.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get an answer',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The answer option with this integer id; 404 when there is none.',
  })
  @ApiOkResponse({ type: QuestionAnswerDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No answer has this id' })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionAnswerDto> {
    return this.answers.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update an answer (administrators); only the given fields change',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Changes only the fields sent, under the rules of create: an unknown `questionId` is 400, a `value` or `orderIndex` the question already has is 409.',
  })
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
  @ApiOperation({
    summary: 'Delete an answer (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Deletes the answer option and answers `{message}`.',
  })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No answer has this id' })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.answers.remove(id);
    return { message: 'Question answer deleted' };
  }
}
