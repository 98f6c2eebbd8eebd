import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';
import { AccountController } from './accounts/account.controller';
import { AccountRepository } from './accounts/account.repository';
import { AccountService } from './accounts/account.service';
import { AdminAccountSeeder } from './accounts/admin-account.seeder';
import { AssessmentModule } from './assessment/assessment.module';
import { MasterDataModule } from './master-data/master-data.module';
import { OrganisationController } from './organisations/organisation.controller';
import { OrganisationLogoStore } from './organisations/organisation-logo.store';
import { OrganisationRepository } from './organisations/organisation.repository';
import { OrganisationService } from './organisations/organisation.service';
import { ORGANISATION_ERASURE_PROVIDERS } from './privacy/organisation-erasure.parts';
import { ServiceRequestsModule } from './service-requests/service-requests.module';
import { StatisticsController } from './statistics/statistics.controller';
import { StatisticsService } from './statistics/statistics.service';
import { TelemetryRetentionJob } from './statistics/telemetry-retention.job';
import openApiMetadata from './openapi.metadata';

@Module({})
export class OrganisationAppModule {}

export interface OrganisationAppOptions {
  /** Tests move "now" (statistics' today, SLA targets) instead of waiting for hours or days to pass. */
  now?: Clock;
}

export const organisationAppModule = (config: ServiceConfig, options: OrganisationAppOptions = {}): DynamicModule =>
  serviceModule(config, OrganisationAppModule, {
    openApiMetadata,
    imports: [ScheduleModule.forRoot(), MasterDataModule, AssessmentModule, ServiceRequestsModule.forRoot(config)],
    controllers: [AccountController, StatisticsController, OrganisationController],
    providers: [
      AccountRepository,
      AccountService,
      AdminAccountSeeder,
      OrganisationRepository,
      OrganisationService,
      OrganisationLogoStore,
      StatisticsService,
      TelemetryRetentionJob,
      ...ORGANISATION_ERASURE_PROVIDERS,
    ],
    clock: options.now,
  });
