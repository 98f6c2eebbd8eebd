import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptTokens, AdminOnly, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors, PageQueryDto } from '@teamfit/common';
import { EvaluationIdParam } from '../evaluations/evaluation.dto';
import {
  CreateEvaluationContestDto,
  CreateEvaluationReviewDto,
  EvaluationReviewDto,
  EvaluationReviewPageDto,
} from './evaluation-review.dto';
import { EvaluationReviewService } from './evaluation-review.service';

@ApiTags('evaluation')
@ApiBearerAuth()
@ApiErrors({ 401: 'No Bearer token' })
@Controller('evaluation')
export class EvaluationReviewController {
  constructor(private readonly reviews: EvaluationReviewService) {}

  @AdminOnly()
  @Post(':id/reviews')
  @ApiOperation({
    summary: 'Record a human review of a completed evaluation: CONFIRMED, OVERRIDDEN (with the score decided) or EXCLUDED',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Appends a review to the evaluation's list; reviews are never changed or removed (a later review supersedes an earlier one: shortlists show the latest). `reason` is required and not blank (at most 2,000 characters); `overallScore` (0-100, two decimals at most) is required with OVERRIDDEN and refused with the other decisions. An override is shown beside the computed score, never in its place: the results stay as computed, and shortlists rank by the computed score. EXCLUDED takes the result out of shortlists and the adverse-impact sample unless `includeExcluded`. The review resolves every open contest of the evaluation. Emits `evaluation.reviewed`. 404 for an unknown evaluation, 409 while it is not complete.",
  })
  @ApiCreatedResponse({ description: 'The review as recorded: who (`accountId`) and when', type: EvaluationReviewDto })
  @ApiErrors({
    400: 'Invalid id, decision, reason (missing, blank, too long) or overallScore (missing with OVERRIDDEN, given with another decision, out of range)',
    403: 'Invalid or expired token, an account without administrator rights, or a persona token',
    404: 'Evaluation not found',
    409: 'The evaluation is not complete',
  })
  review(
    @Param() params: EvaluationIdParam,
    @Body() body: CreateEvaluationReviewDto,
    @Principal() principal: VerifiedToken,
  ): Promise<EvaluationReviewDto> {
    return this.reviews.review(params.id, body, principal);
  }

  @Get(':id/reviews')
  @ApiOperation({
    summary: "The evaluation's reviews and contests, oldest first (append-only)",
    description:
      "Administrator account tokens, and the evaluation's own persona (other personas and non-administrator accounts: 403). Every review and contest in the order recorded, paged (`page`, `limit`): who (`accountId`, null for the persona's contest) and when (`createdAt`). A contest is OPEN until an administrator records the next review of the evaluation, whatever its decision; that review resolves it (`status: RESOLVED`, `resolvedByReviewId`). 404 for an unknown evaluation.",
  })
  @ApiOkResponse({ type: EvaluationReviewPageDto })
  @ApiErrors({
    400: 'Invalid id, page or limit',
    403: 'Invalid or expired token, an account without administrator rights, or another persona’s evaluation',
    404: 'Evaluation not found',
  })
  list(
    @Param() params: EvaluationIdParam,
    @Query() query: PageQueryDto,
    @Principal() principal: VerifiedToken,
  ): Promise<EvaluationReviewPageDto> {
    return this.reviews.list(params.id, query, principal);
  }

  @AcceptTokens('persona')
  @Post(':id/contest')
  @ApiOperation({
    summary: 'Contest the result of one’s own completed evaluation: an open item in its review list',
    description:
      "The evaluation's own persona only (account tokens and other personas: 403). `message` is required and not blank (at most 2,000 characters). The contest shows in the evaluation's review list as `kind: CONTEST`, `status: OPEN` until an administrator records the next review, which resolves it. One open contest at a time: another while one is open is 409. 404 for an unknown evaluation, 409 while it is not complete.",
  })
  @ApiCreatedResponse({ description: 'The contest as recorded, OPEN', type: EvaluationReviewDto })
  @ApiErrors({
    400: 'Invalid id or message (missing, blank, too long)',
    403: 'Invalid or expired token, an account token, or another persona’s evaluation',
    404: 'Evaluation not found',
    409: 'The evaluation is not complete, or it has an open contest already',
  })
  contest(
    @Param() params: EvaluationIdParam,
    @Body() body: CreateEvaluationContestDto,
    @Principal() principal: VerifiedToken,
  ): Promise<EvaluationReviewDto> {
    return this.reviews.contest(params.id, body, principal);
  }
}
