import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { ServiceConfig } from '@teamfit/common';
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
import { STATISTICS_CLOCK, type StatisticsClock } from './statistics/statistics.clock';
import { StatisticsController } from './statistics/statistics.controller';
import { StatisticsService } from './statistics/statistics.service';
import { TelemetryRetentionJob } from './statistics/telemetry-retention.job';

@Module({})
export class OrganisationAppModule {}

export interface OrganisationAppOptions {
  /** Tests move the statistics' "today" instead of waiting for days to pass. */
  now?: StatisticsClock;
}

export const organisationAppModule = (config: ServiceConfig, options: OrganisationAppOptions = {}): DynamicModule =>
  serviceModule(config, OrganisationAppModule, {
    imports: [ScheduleModule.forRoot(), MasterDataModule, AssessmentModule, ServiceRequestsModule.forRoot(config, { now: options.now })],
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
      { provide: STATISTICS_CLOCK, useValue: options.now ?? (() => new Date()) },
    ],
  });
