import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AdminOnly, Principal, TokenRefusals, type VerifiedToken } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { ComparisonService } from './comparison.service';
import { AnswerDto, CompareDto, CompareTeamDto, CreateEvaluationDto, EvaluationIdParam, ListEvaluationsQuery, RoleOptionsDto } from './evaluation.dto';
import { EvaluationService } from './evaluation.service';

@ApiTags('evaluation')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No Bearer token' })
@ApiForbiddenResponse({ description: 'Invalid or expired token, or another persona’s evaluation' })
@Controller('evaluation')
export class EvaluationController {
  constructor(
    private readonly flow: EvaluationService,
    private readonly comparisons: ComparisonService,
  ) {}

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Create the evaluation of a persona against a team, or resume the active one' })
  @ApiCreatedResponse({ description: 'Created: `resumed: false`, status pending, the first question as `currentQuestion`' })
  @ApiOkResponse({ description: 'Resumed: `resumed: true`, the next unanswered question as `currentQuestion`' })
  @ApiBadRequestResponse({ description: 'Missing or invalid personaId or teamId' })
  @ApiNotFoundResponse({ description: 'The team does not exist' })
  async create(@Body() body: CreateEvaluationDto, @Res({ passthrough: true }) response: FastifyReply) {
    const { view, resumed } = await this.flow.createOrResume(body.personaId, body.teamId);
    response.code(resumed ? 200 : 201);
    const { currentQuestion, ...rest } = view;
    return { ...rest, resumed, ...(currentQuestion ? { currentQuestion } : {}) };
  }

  @Get()
  @ApiOperation({ summary: "A persona's evaluations, newest first" })
  @ApiOkResponse({ description: '`{items: [{id, personaId, teamId, status, progress, createdAt, updatedAt}], total}`' })
  @ApiBadRequestResponse({ description: 'personaId missing or invalid' })
  list(@Query() query: ListEvaluationsQuery, @Principal() principal: VerifiedToken) {
    return this.flow.list(query, principal);
  }

  @Post('compare')
  @HttpCode(200)
  @ApiOperation({ summary: 'Compatibility of two evaluations (PAIRWISE, MUTUAL, SIMULATED_TEAM); nothing is stored' })
  @ApiOkResponse({ description: '`{mode, evaluationIdA, evaluationIdB, score, scoreCategory, dimensions, reverseScore?, reverseDimensions?}`' })
  @ApiBadRequestResponse({ description: 'Invalid parameters, same evaluation twice, or an evaluation without answers' })
  @ApiNotFoundResponse({ description: 'Evaluation not found' })
  compare(@Body() body: CompareDto, @Principal() principal: VerifiedToken) {
    return this.comparisons.compare(body, principal);
  }

  @Get(':id')
  @ApiOperation({ summary: 'The evaluation: the next question while incomplete, the results once complete' })
  @ApiOkResponse({ description: '`{id, personaId, teamId, status, progress, currentQuestion | results, createdAt, updatedAt}`' })
  @ApiNotFoundResponse({ description: 'Evaluation not found' })
  get(@Param() params: EvaluationIdParam, @Principal() principal: VerifiedToken) {
    return this.flow.get(params.id, principal);
  }

  @Post(':id/answer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer a question; the last answer completes the evaluation and stores its results' })
  @ApiOkResponse({ description: '`{id, personaId, teamId, status, progress, nextQuestion}`, plus `results` when complete (nextQuestion null)' })
  @ApiBadRequestResponse({ description: 'value outside 1-5, or a questionId not in this evaluation' })
  @ApiNotFoundResponse({ description: 'Evaluation not found' })
  @ApiConflictResponse({ description: 'The evaluation is already complete' })
  answer(@Param() params: EvaluationIdParam, @Body() body: AnswerDto, @Principal() principal: VerifiedToken) {
    return this.flow.answer(params.id, { questionId: body.questionId, value: body.value, timeTaken: body.timeTaken ?? 0 }, principal);
  }

  @Get(':id/questions')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Every question in delivery order with its status (answered, current, pending)' })
  @ApiOkResponse({ description: '`{items: [question + order, status, answer?], progress}`' })
  @ApiBadRequestResponse({ description: 'Invalid id' })
  @ApiNotFoundResponse({ description: 'Evaluation not found' })
  questions(@Param() params: EvaluationIdParam, @Principal() principal: VerifiedToken) {
    return this.flow.questions(params.id, principal);
  }

  @Post(':id/team-match')
  @HttpCode(200)
  @ApiOperation({ summary: 'Role + workstyle score against the evaluation’s own team; nothing is stored' })
  @ApiOkResponse({ description: '`{evaluationId, algorithmTeamId, roleId, algorithmUserId, workstyle, roleMatch, combined}`' })
  @ApiBadRequestResponse({ description: 'No answers yet, or invalid parameters' })
  @ApiNotFoundResponse({ description: 'Evaluation not found' })
  teamMatch(@Param() params: EvaluationIdParam, @Body() body: RoleOptionsDto, @Principal() principal: VerifiedToken) {
    return this.comparisons.teamMatch(params.id, body, principal);
  }

  @Post(':id/compare-team')
  // The contract's table for this operation gives the 401's message as `Unauthorized`.
  @TokenRefusals({ missingMessage: 'Unauthorized' })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The stored answers re-scored against another team; nothing is stored' })
  @ApiOkResponse({ description: '`{evaluationId, personaId, sourceTeam, targetTeam, workstyle, roleMatch, combined, answersUsed, computedAt}`' })
  @ApiUnauthorizedResponse({ description: 'No Bearer token: message `Unauthorized`' })
  @ApiBadRequestResponse({ description: 'algorithmTeamId missing, not positive or the own team; no answers' })
  @ApiNotFoundResponse({ description: '`Evaluation not found` or `Target team {id} not found`' })
  compareTeam(@Param() params: EvaluationIdParam, @Body() body: CompareTeamDto, @Principal() principal: VerifiedToken) {
    return this.comparisons.compareTeam(params.id, body, principal);
  }
}
