import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { MailModule } from '@teamfit/mail';
import { serviceModule } from '@teamfit/platform';
import { AccountsModule } from './accounts/accounts.module';
import { AssessmentModule } from './assessment/assessment.module';
import { MasterDataModule } from './master-data/master-data.module';
import { OrganisationsModule } from './organisations/organisations.module';
import { PartnerKeysModule } from './partner-keys/partner-keys.module';
import { OrganisationPrivacyModule } from './privacy/organisation-privacy.module';
import { ServiceRequestsModule } from './service-requests/service-requests.module';
import { StatisticsModule } from './statistics/statistics.module';
import { WebhooksModule } from './webhooks/webhooks.module';
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
    imports: [
      ScheduleModule.forRoot(),
      // The service-request assignee e-mail goes through the platform Mailer (SMTP_URL).
      MailModule.forRoot(config),
      // In the order the controllers were registered before they had modules, which is the order
      // of the paths in the OpenAPI document.
      AccountsModule,
      StatisticsModule,
      OrganisationsModule,
      MasterDataModule,
      AssessmentModule,
      ServiceRequestsModule,
      OrganisationPrivacyModule,
      PartnerKeysModule,
      WebhooksModule,
    ],
    clock: options.now,
  });
