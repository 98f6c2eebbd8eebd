import { Module } from '@nestjs/common';
import { TeamsModule } from '../algorithm/teams/teams.module';
import { UserRecordsModule } from '../algorithm/user-records/user-records.module';
import { EvaluationsModule } from '../evaluations/evaluations.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { EvaluationErasureJob } from './evaluation-erasure.job';
import { EvaluationErasureService } from './evaluation-erasure.service';
import { EvaluationRetentionJob } from './evaluation-retention.job';

/**
 * This service's part of every persona erasure, and the retention of candidates' completed
 * evaluations: both erase through the repositories of the tables they change.
 */
@Module({
  imports: [TeamsModule, UserRecordsModule, EvaluationsModule, ReviewsModule],
  providers: [EvaluationErasureService, EvaluationErasureJob, EvaluationRetentionJob],
})
export class EvaluationPrivacyModule {}
