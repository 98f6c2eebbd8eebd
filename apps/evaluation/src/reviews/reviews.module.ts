import { Module } from '@nestjs/common';
import { EvaluationsModule } from '../evaluations/evaluations.module';
import { EvaluationReviewController } from './evaluation-review.controller';
import { EvaluationReviewRepository } from './evaluation-review.repository';
import { EvaluationReviewService } from './evaluation-review.service';

/**
 * POST/GET /evaluation/:id/reviews and POST /evaluation/:id/contest: human review of completed
 * evaluations (docs/adr/0085-human-review-and-contest.md). The repository is exported: the
 * persona's erasure removes the entries through it.
 */
@Module({
  imports: [EvaluationsModule],
  controllers: [EvaluationReviewController],
  providers: [EvaluationReviewRepository, EvaluationReviewService],
  exports: [EvaluationReviewRepository],
})
export class ReviewsModule {}
