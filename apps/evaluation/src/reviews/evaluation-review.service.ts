import { Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import {
  type Clock,
  conflict,
  DomainError,
  forbidden,
  InjectClock,
  offsetOf,
  type PageQueryDto,
  pageOf,
  validationFailed,
} from '@teamfit/common';
import { type Database, type Executor, InjectDatabase, withAdvisoryLock } from '@teamfit/database';
import type { EvaluationReviewRow } from '../database/evaluation.schema';
import { assertAdminOrOwnPersona } from '../evaluations/evaluation-access';
import { type EvaluationState, EvaluationRepository } from '../evaluations/evaluation.repository';
import { enqueueOutbox, type OutboxMessage } from '@teamfit/outbox';
import type {
  CreateEvaluationContestDto,
  CreateEvaluationReviewDto,
  EvaluationReviewDto,
  EvaluationReviewPageDto,
} from './evaluation-review.dto';
import { EvaluationReviewRepository, type NewReviewEntry } from './evaluation-review.repository';

/**
 * Human review of completed evaluations (docs/adr/0085-human-review-and-contest.md): an
 * administrator's reviews (CONFIRMED, OVERRIDDEN with the score a person decided, EXCLUDED) and
 * the persona's contests, appended in one list per evaluation. A contest stays open until the next
 * review of the evaluation, which resolves every contest recorded before it. Entries of one
 * evaluation are appended under one lock, so that order is the order they were seen in.
 */
@Injectable()
export class EvaluationReviewService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly evaluations: EvaluationRepository,
    private readonly reviews: EvaluationReviewRepository,
    @InjectClock() private readonly now: Clock,
  ) {}

  /** An administrator's review (the route admits administrators only). */
  async review(evaluationId: string, body: CreateEvaluationReviewDto, principal: VerifiedToken): Promise<EvaluationReviewDto> {
    const overallScore = overallScoreOf(body);
    reviewable(await this.evaluations.findState(evaluationId));
    const entry: NewReviewEntry = {
      kind: 'REVIEW',
      evaluationId,
      decision: body.decision,
      reason: body.reason,
      overallScore,
      accountId: principal.sub,
      createdAt: this.now(),
    };
    return this.appendLocked(entry, () => Promise.resolve());
  }

  /** The persona's contest of its own completed evaluation; one open contest at a time. */
  async contest(evaluationId: string, body: CreateEvaluationContestDto, principal: VerifiedToken): Promise<EvaluationReviewDto> {
    const evaluation = await this.evaluations.findState(evaluationId);
    if (!evaluation) throw notFoundEvaluation();
    // The route admits persona tokens only; any other kind would contest nobody's evaluation.
    if (principal.kind !== 'persona' || principal.personaId !== evaluation.personaId) {
      throw forbidden('Only the persona itself contests its evaluation');
    }
    reviewable(evaluation);
    const entry: NewReviewEntry = { kind: 'CONTEST', evaluationId, message: body.message, createdAt: this.now() };
    return this.appendLocked(entry, async (tx) => {
      if (await this.reviews.hasOpenContest(tx, evaluationId)) {
        throw conflict('This evaluation already has an open contest: an administrator’s next review resolves it');
      }
    });
  }

  /** The evaluation's entries, oldest first: administrators, and the persona for its own evaluation. */
  async list(evaluationId: string, query: PageQueryDto, principal: VerifiedToken): Promise<EvaluationReviewPageDto> {
    const evaluation = await this.evaluations.findState(evaluationId);
    if (!evaluation) throw notFoundEvaluation();
    assertAdminOrOwnPersona(
      principal,
      evaluation.personaId,
      'Only administrators and the persona itself read the reviews of an evaluation',
    );
    const { rows, total } = await this.reviews.list(evaluationId, offsetOf(query), query.limit);
    // A persona learns that a person reviewed and what was decided, not which administrator: the
    // platform names no administrator to a persona (its export does not either).
    const shown = (view: EvaluationReviewDto): EvaluationReviewDto => (principal.kind === 'persona' ? { ...view, accountId: null } : view);
    return pageOf(
      rows.map((row) => shown(viewOf(row, row.resolvedByReviewId))),
      total,
      query,
    );
  }

  /**
   * Appends under the evaluation's review lock, after `check` (which may refuse) in the same
   * transaction; the evaluation is checked again by the statement that writes.
   */
  private async appendLocked(entry: NewReviewEntry, check: (tx: Executor) => Promise<void>): Promise<EvaluationReviewDto> {
    return withAdvisoryLock(this.db, `evaluation-reviews:${entry.evaluationId}`, async (tx) => {
      await check(tx);
      const row = await this.reviews.append(tx, entry);
      if (!row) {
        // Erased since it was read (a completed evaluation never becomes incomplete again).
        reviewable(await this.evaluations.findState(entry.evaluationId));
        throw new Error(`evaluation ${entry.evaluationId} took no review although it is complete`);
      }
      const view = viewOf(row, null);
      // In the review's transaction: the event is sent exactly when the review is recorded.
      if (row.kind === 'REVIEW') await enqueueOutbox(tx, reviewedEvent(row.organisationId, view));
      return view;
    });
  }
}

/** OVERRIDDEN needs the decided score; the other decisions refuse one (400 naming the field). */
function overallScoreOf(body: CreateEvaluationReviewDto): number | null {
  if (body.decision === 'OVERRIDDEN') {
    if (body.overallScore === undefined) throw validationFailed('overallScore is required when decision is OVERRIDDEN');
    return body.overallScore;
  }
  if (body.overallScore !== undefined) throw validationFailed('overallScore is allowed only when decision is OVERRIDDEN');
  return null;
}

/** The evaluation, when it may be reviewed or contested: it exists (404) and is complete (409: there is no result yet). */
function reviewable(evaluation: EvaluationState | undefined): EvaluationState {
  if (!evaluation) throw notFoundEvaluation();
  if (evaluation.status !== 'complete') throw conflict('The evaluation is not complete: there is no result to review yet');
  return evaluation;
}

const notFoundEvaluation = (): DomainError => new DomainError('not_found', 'Evaluation not found');

function viewOf(row: EvaluationReviewRow, resolvedByReviewId: string | null): EvaluationReviewDto {
  const contest = row.kind === 'CONTEST';
  return {
    id: row.id,
    evaluationId: row.evaluationId,
    kind: row.kind,
    decision: row.decision,
    overallScore: row.overallScore,
    reason: row.reason,
    message: row.message,
    accountId: row.accountId,
    status: contest ? (resolvedByReviewId ? 'RESOLVED' : 'OPEN') : null,
    resolvedByReviewId: contest ? resolvedByReviewId : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `evaluation.reviewed` (docs/integrations.md, "Webhooks"), for subscriptions of the organisation
 * of the evaluation's team: which review of which evaluation, and what was decided. No persona id
 * and no reason: the outbox keeps its messages after a persona's erasure, so an event carries
 * nothing that names the persona (the reason is free text); a subscriber reads the review list
 * for the rest. Contests send no event: they wait in the administrators' review list.
 */
function reviewedEvent(organisationId: string | null, review: EvaluationReviewDto): OutboxMessage {
  return {
    type: 'evaluation.reviewed',
    organisationId,
    data: {
      evaluationId: review.evaluationId,
      reviewId: review.id,
      decision: review.decision,
      overallScore: review.overallScore,
      accountId: review.accountId,
      reviewedAt: review.createdAt,
    },
  };
}
