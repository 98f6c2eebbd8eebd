import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';
import { ALGORITHM_CONTROLLERS, ALGORITHM_PROVIDERS } from './algorithm/algorithm.parts';
import { EVALUATION_CONTROLLERS, EVALUATION_PROVIDERS } from './evaluations/evaluation.parts';
import { EvaluationErasureJob } from './privacy/evaluation-erasure.job';
import { EvaluationErasureRepository } from './privacy/evaluation-erasure.repository';
import { EvaluationRetentionJob } from './privacy/evaluation-retention.job';
import { EvaluationRetentionRepository } from './privacy/evaluation-retention.repository';
import openApiMetadata from './openapi.metadata';

@Module({})
export class EvaluationAppModule {}

export interface EvaluationAppOptions {
  /** Tests fix "now" (answeredAt, computedAt). */
  now?: Clock;
}

export const evaluationAppModule = (config: ServiceConfig, options: EvaluationAppOptions = {}): DynamicModule =>
  serviceModule(config, EvaluationAppModule, {
    openApiMetadata,
    imports: [ScheduleModule.forRoot()],
    controllers: [...ALGORITHM_CONTROLLERS, ...EVALUATION_CONTROLLERS],
    providers: [
      ...ALGORITHM_PROVIDERS,
      ...EVALUATION_PROVIDERS,
      EvaluationErasureRepository,
      EvaluationErasureJob,
      EvaluationRetentionRepository,
      EvaluationRetentionJob,
    ],
    clock: options.now,
  });
