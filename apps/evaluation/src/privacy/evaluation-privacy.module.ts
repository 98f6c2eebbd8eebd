import { Module } from '@nestjs/common';
import { EvaluationErasureJob } from './evaluation-erasure.job';
import { EvaluationErasureRepository } from './evaluation-erasure.repository';
import { EvaluationRetentionJob } from './evaluation-retention.job';
import { EvaluationRetentionRepository } from './evaluation-retention.repository';

/** This service's part of every persona erasure, and the retention of candidates' completed evaluations. */
@Module({
  providers: [EvaluationErasureRepository, EvaluationErasureJob, EvaluationRetentionRepository, EvaluationRetentionJob],
})
export class EvaluationPrivacyModule {}
