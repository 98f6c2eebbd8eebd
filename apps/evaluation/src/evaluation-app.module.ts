import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { MailModule } from '@teamfit/mail';
import { serviceModule } from '@teamfit/platform';
import { LookupsModule } from './algorithm/lookups/lookups.module';
import { RoleSpecificationsModule } from './algorithm/role-specifications/role-specifications.module';
import { RolesModule } from './algorithm/roles/roles.module';
import { TeamsModule } from './algorithm/teams/teams.module';
import { UserRecordsModule } from './algorithm/user-records/user-records.module';
import { EvaluationsModule } from './evaluations/evaluations.module';
import { ExplanationsModule } from './explanations/explanations.module';
import { FairnessModule } from './fairness/fairness.module';
import { InvitationsModule } from './invitations/invitations.module';
import { GreenhouseModule } from './partners/greenhouse/greenhouse.module';
import { EvaluationPrivacyModule } from './privacy/evaluation-privacy.module';
import { ReportsModule } from './reports/reports.module';
import { ReviewsModule } from './reviews/reviews.module';
import openApiMetadata from './openapi.metadata';

@Module({})
export class EvaluationAppModule {}

export interface EvaluationAppOptions {
  /** Tests fix "now" (answeredAt, computedAt). */
  now?: Clock;
}

/** The import order is the order of the routes in the OpenAPI document: the algorithm entities', then the evaluations'. */
export const evaluationAppModule = (config: ServiceConfig, options: EvaluationAppOptions = {}): DynamicModule =>
  serviceModule(config, EvaluationAppModule, {
    openApiMetadata,
    imports: [
      ScheduleModule.forRoot(),
      MailModule.forRoot(config),
      TeamsModule,
      RolesModule,
      RoleSpecificationsModule,
      UserRecordsModule,
      LookupsModule,
      EvaluationsModule,
      FairnessModule,
      InvitationsModule,
      ExplanationsModule,
      ReportsModule,
      ReviewsModule,
      EvaluationPrivacyModule,
      GreenhouseModule,
    ],
    clock: options.now,
  });
