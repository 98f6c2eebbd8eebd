import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly, Principal, TokenRefusals, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import type { FastifyReply } from 'fastify';
import { EvaluationComparisonDto, ROLE_MATCH_MODELS, TeamComparisonDto, TeamMatchDto } from './comparison-response.dto';
import { ComparisonService } from './comparison.service';
import { AnsweredEvaluationDto, CreatedEvaluationDto, EvaluationDto, EvaluationListDto, QuestionRailDto } from './evaluation-response.dto';
import {
  AnswerDto,
  CompareDto,
  CompareTeamDto,
  CreateEvaluationDto,
  EvaluationIdParam,
  ListEvaluationsQuery,
  RoleOptionsDto,
} from './evaluation.dto';
import { EvaluationService } from './evaluation.service';

@ApiTags('evaluation')
@ApiBearerAuth()
@ApiExtraModels(...ROLE_MATCH_MODELS)
@ApiErrors({ 401: 'No Bearer token', 403: 'Invalid or expired token, or another persona’s evaluation' })
@Controller('evaluation')
export class EvaluationController {
  constructor(
    private readonly flow: EvaluationService,
    private readonly comparisons: ComparisonService,
  ) {}

  @AdminOnly()
  @Post()
  @ApiOperation({
    summary: 'Create the evaluation of a persona against a team, or resume the active one',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Starts the questionnaire of a persona for an algorithm team: 201 with a new evaluation fixed on the current questionnaire, or 200 with `resumed: true` when the persona already has an incomplete one for that team (concurrent calls create one). 404 when the team does not exist, 400 when the persona does not, 409 when the questionnaire has no questions yet.',
  })
  @ApiCreatedResponse({
    description: 'Created: `resumed: false`, status pending, the first question as `currentQuestion`',
    type: CreatedEvaluationDto,
  })
  @ApiOkResponse({ description: 'Resumed: `resumed: true`, the next unanswered question as `currentQuestion`', type: CreatedEvaluationDto })
  @ApiErrors({ 400: 'Missing or invalid personaId or teamId', 404: 'The team does not exist' })
  async create(@Body() body: CreateEvaluationDto, @Res({ passthrough: true }) response: FastifyReply): Promise<CreatedEvaluationDto> {
    const { view, resumed } = await this.flow.createOrResume(body.personaId, body.teamId);
    response.code(resumed ? 200 : 201);
    const { currentQuestion, ...rest } = view;
    return { ...rest, resumed, ...(currentQuestion ? { currentQuestion } : {}) };
  }

  @Get()
  @ApiOperation({
    summary: "A persona's evaluations, newest first",
    description:
      "Any account token; a persona token only with its own `personaId` (another is 403). Answers `{items, total}`: the persona's evaluations, newest first, not paged; `teamId` and `status` narrow it.",
  })
  @ApiOkResponse({ type: EvaluationListDto })
  @ApiErrors({ 400: 'personaId missing or invalid' })
  list(@Query() query: ListEvaluationsQuery, @Principal() principal: VerifiedToken): Promise<EvaluationListDto> {
    return this.flow.list(query, principal);
  }

  @Post('compare')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Compatibility of two evaluations (PAIRWISE, MUTUAL, SIMULATED_TEAM); nothing is stored',
    description:
      'Any account token; a persona token only when both evaluations are its own (403 otherwise). PAIRWISE (the default) scores B against a one-person team of A; MUTUAL and SIMULATED_TEAM also score the reverse direction and answer the average of the two. Both evaluations need answers (400 otherwise).',
  })
  @ApiOkResponse({ type: EvaluationComparisonDto })
  @ApiErrors({ 400: 'Invalid parameters, same evaluation twice, or an evaluation without answers', 404: 'Evaluation not found' })
  compare(@Body() body: CompareDto, @Principal() principal: VerifiedToken): Promise<EvaluationComparisonDto> {
    return this.comparisons.compare(body, principal);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'The evaluation: the next question while incomplete, the results once complete',
    description:
      "Any account token; a persona token only for the persona's own evaluations (403 otherwise). While incomplete it carries `currentQuestion`, the next unanswered one; once complete, the `results` stored when the last answer arrived.",
  })
  @ApiOkResponse({ description: '`currentQuestion` while incomplete, `results` once complete', type: EvaluationDto })
  @ApiErrors({ 400: 'Invalid id', 404: 'Evaluation not found' })
  get(@Param() params: EvaluationIdParam, @Principal() principal: VerifiedToken): Promise<EvaluationDto> {
    return this.flow.get(params.id, principal);
  }

  @Post(':id/answer')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Answer a question; the last answer completes the evaluation and stores its results',
    description:
      'An administrator account or the persona the evaluation belongs to (a non-admin account or another persona: 403, nothing stored). Stores a value from 1 to 5 for a question of this evaluation; answering a question again replaces the earlier answer. The answer that completes the evaluation scores it against its team and stores the results; any answer after that is 409.',
  })
  @ApiOkResponse({
    description: '`nextQuestion`, or null with `results` on the answer that completes the evaluation',
    type: AnsweredEvaluationDto,
  })
  @ApiErrors({
    400: 'value outside 1-5, or a questionId not in this evaluation',
    404: 'Evaluation not found',
    409: 'The evaluation is already complete',
  })
  answer(
    @Param() params: EvaluationIdParam,
    @Body() body: AnswerDto,
    @Principal() principal: VerifiedToken,
  ): Promise<AnsweredEvaluationDto> {
    return this.flow.answer(params.id, { questionId: body.questionId, value: body.value, timeTaken: body.timeTaken ?? 0 }, principal);
  }

  @Get(':id/questions')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Every question in delivery order with its status (answered, current, pending)',
    description:
      "Any account token; a persona token only for the persona's own evaluations (403 otherwise). Every question of the questionnaire the evaluation was fixed on, each `answered` (with value, time taken and when), `current` or `pending`, and the progress counts; not cached (`Cache-Control: no-store`).",
  })
  @ApiOkResponse({ type: QuestionRailDto })
  @ApiErrors({ 400: 'Invalid id', 404: 'Evaluation not found' })
  questions(@Param() params: EvaluationIdParam, @Principal() principal: VerifiedToken): Promise<QuestionRailDto> {
    return this.flow.questions(params.id, principal);
  }

  @Post(':id/team-match')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Role + workstyle score against the evaluation’s own team; nothing is stored',
    description:
      "Any account token; a persona token only for its own evaluation and its own `algorithmUserId` (403 otherwise). Scores the stored answers against the evaluation's own team (workstyle), the user's experience and goals against a role (`roleId`, by default the team's first role) and combines the two by `roleWeight` (default 50). Needs at least one answer (400 otherwise).",
  })
  @ApiOkResponse({ type: TeamMatchDto })
  @ApiErrors({ 400: 'No answers yet, or invalid parameters', 404: 'Evaluation not found' })
  teamMatch(
    @Param() params: EvaluationIdParam,
    @Body() body: RoleOptionsDto,
    @Principal() principal: VerifiedToken,
  ): Promise<TeamMatchDto> {
    return this.comparisons.teamMatch(params.id, body, principal);
  }

  @Post(':id/compare-team')
  // The contract's table for this operation gives the 401's message as `Unauthorized`.
  @TokenRefusals({ missingMessage: 'Unauthorized' })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The stored answers re-scored against another team; nothing is stored',
    description:
      "Any account token, against any other algorithm team (`algorithmTeamId`); a persona token is 403 for any team but its evaluation's own (whether that team exists or not), and the own team is 400 for everyone. Answers the workstyle, role and combined scores as team-match does; not cached (`Cache-Control: no-store`). Without a token the 401 says `Unauthorized`.",
  })
  @ApiOkResponse({ type: TeamComparisonDto })
  @ApiErrors({
    400: 'algorithmTeamId missing, not positive or the own team; no answers',
    401: 'No Bearer token: message `Unauthorized`',
    404: '`Evaluation not found` or `Target team {id} not found`',
  })
  compareTeam(
    @Param() params: EvaluationIdParam,
    @Body() body: CompareTeamDto,
    @Principal() principal: VerifiedToken,
  ): Promise<TeamComparisonDto> {
    return this.comparisons.compareTeam(params.id, body, principal);
  }
}
