import { Module } from '@nestjs/common';
import { EvaluationExplanationController } from './evaluation-explanation.controller';
import { EvaluationExplanationRepository } from './evaluation-explanation.repository';
import { EvaluationExplanationService } from './evaluation-explanation.service';

/** GET /evaluation/:id/explanation (docs/fairness.md, "Explanations"). */
@Module({
  controllers: [EvaluationExplanationController],
  providers: [EvaluationExplanationRepository, EvaluationExplanationService],
})
export class ExplanationsModule {}
