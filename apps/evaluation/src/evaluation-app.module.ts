import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';

@Module({})
export class EvaluationAppModule {}

export const evaluationAppModule = (config: ServiceConfig): DynamicModule => serviceModule(config, EvaluationAppModule);
