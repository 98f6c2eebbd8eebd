import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { MailModule } from '@teamfit/mail';
import { serviceModule } from '@teamfit/platform';
import { DemographicsModule } from './demographics/demographics.module';
import { PersonaLoginModule } from './persona-login/persona-login.module';
import { PersonasModule } from './personas/personas.module';
import { PrivacyModule } from './privacy/privacy.module';
import { TeammatesModule } from './teammates/teammates.module';
import { TeamsModule } from './teams/teams.module';
import openApiMetadata from './openapi.metadata';

@Module({})
export class ProfileAppModule {}

export interface ProfileAppOptions {
  /** Tests move time forward instead of waiting for codes to expire. */
  now?: Clock;
}

export const profileAppModule = (config: ServiceConfig, options: ProfileAppOptions = {}): DynamicModule =>
  serviceModule(config, ProfileAppModule, {
    openApiMetadata,
    // Routes are registered in this order: sign-in first, so its fixed /persona/* paths come
    // before /persona/:id.
    imports: [
      ScheduleModule.forRoot(),
      MailModule.forRoot(config),
      PersonaLoginModule,
      PersonasModule,
      DemographicsModule,
      PrivacyModule,
      TeammatesModule,
      TeamsModule,
    ],
    clock: options.now,
  });
