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
  @ApiOperation({ summary: 'List questions by group and order, a page at a time; search is a case-insensitive regular expression on text' })
  @ApiOkResponse({ type: QuestionPageDto })
  @ApiErrors({ 400: 'Invalid filter, page, limit or search (not a regular expression, too long, too expensive)' })
  list(@Query() query: QuestionListQuery): Promise<Page<QuestionDto>> {
    return this.questions.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a question (administrators)' })
  @ApiCreatedResponse({ type: QuestionDto })
  @ApiErrors({ 400: 'A field is missing or invalid, or the question group does not exist' })
  create(@Body() body: CreateQuestionDto): Promise<QuestionDto> {
    return this.questions.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a question' })
  @ApiOkResponse({ type: QuestionDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No question has this id' })
  get(@Param() { id }: IntegerIdParams): Promise<QuestionDto> {
    return this.questions.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a question (administrators); only the given fields change' })
  @ApiOkResponse({ type: QuestionDto })
  @ApiErrors({ 400: 'id or a field is invalid, or the question group does not exist', 404: 'No question has this id' })
  update(@Param() { id }: IntegerIdParams, @Body() body: UpdateQuestionDto): Promise<QuestionDto> {
    return this.questions.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a question and its answers (administrators)' })
  @ApiOkResponse({ type: AssessmentDeletedDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No question has this id' })
  async remove(@Param() { id }: IntegerIdParams): Promise<AssessmentDeletedDto> {
    await this.questions.remove(id);
    return { message: 'Question deleted' };
  }
}
