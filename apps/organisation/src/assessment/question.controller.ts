import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOnly, AccountResource } from '@teamfit/auth';
import { ApiErrors, type Page } from '@teamfit/common';
import { AssessmentDeletedDto, IntegerIdParams } from './assessment-common.dto';
import { CreateQuestionDto, QuestionDto, QuestionListQuery, QuestionPageDto, UpdateQuestionDto } from './question.dto';
import { QuestionService } from './question.service';

/** /question (gateway: /organisation/question), docs/assessment.md. Account tokens read; administrators write. */
@AccountResource('question')
@Controller('question')
export class QuestionController {
  constructor(private readonly questions: QuestionService) {}

  @Get()
  @ApiOperation({
    summary: 'List questions by group and order, a page at a time; search is a case-insensitive regular expression on text',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). Answers `{items, total, page, limit}` ordered by group, `orderIndex` (missing last) and id; `questionGroupId` narrows it, and `search` is a PostgreSQL case-insensitive regular expression on `text` (at most 200 characters; an invalid or too expensive pattern is 400). `page` defaults to 1, `limit` to 10 (at most 100; more is 400).',
  })
  @ApiOkResponse({ type: QuestionPageDto })
  @ApiErrors({ 400: 'Invalid filter, page, limit or search (not a regular expression, too long, too expensive)' })
  list(@Query() query: QuestionListQuery): Promise<Page<QuestionDto>> {
    return this.questions.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a question (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Creates a question with the next integer id in an existing question group (`questionGroupId`, else 400). Evaluations created from then on ask it; those already started keep the questionnaire they were fixed on.',
  })
  @ApiCreatedResponse({ type: QuestionDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or the question group does not exist' })
  create(@Body() body: CreateQuestionDto): Promise<QuestionDto> {
    return this.questions.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a question',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The question with this integer id; 404 when there is none.',
  })
  @ApiOkResponse({ type: QuestionDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No question has this id' })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionDto> {
    return this.questions.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a question (administrators); only the given fields change',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Changes only the fields sent (`null` clears `summary`, `likertAnswerSet`, `metadata` or `orderIndex`); a `questionGroupId` that does not exist is 400. Evaluations already started keep the questions they were fixed on.',
  })
  @ApiOkResponse({ type: QuestionDto })
  @ApiErrors({ 400: 'id or a field is invalid, or the question group does not exist', 404: 'No question has this id' })
  update(@Param() { id }: IntegerIdParams, @Body() body: UpdateQuestionDto): Promise<QuestionDto> {
    return this.questions.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete a question and its answers (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Deletes the question with its answer options and answers `{message}`; evaluations already started keep the questions they were fixed on.',
  })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No question has this id' })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.questions.remove(id);
    return { message: 'Question deleted' };
  }
}
