import { Module } from '@nestjs/common';
import { EvaluationsModule } from '../evaluations/evaluations.module';
import { AdverseImpactController } from './adverse-impact.controller';
import { AdverseImpactService } from './adverse-impact.service';

/**
 * The fairness reports (/algorithm/teams/:id/adverse-impact). The only part of the evaluation
 * service that may read the demographics (the boundary lint, eslint.config.mjs): it samples the
 * shortlist through ShortlistService and never feeds anything back into a score.
 */
@Module({
  imports: [EvaluationsModule],
  controllers: [AdverseImpactController],
  providers: [AdverseImpactService],
})
export class FairnessModule {}
