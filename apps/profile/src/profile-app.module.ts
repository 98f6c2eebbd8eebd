import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { MailModule } from '@teamfit/mail';
import { serviceModule } from '@teamfit/platform';
import { PersonaLoginController } from './persona-login/persona-login.controller';
import { PersonaLoginService } from './persona-login/persona-login.service';
import { PersonaController } from './personas/persona.controller';
import { PersonaEmailChangeRepository } from './personas/persona-email-change.repository';
import { PersonaEmailService } from './personas/persona-email.service';
import { PersonaRepository } from './personas/persona.repository';
import { PersonaService } from './personas/persona.service';
import { PERSONA_ERASURE_CONTROLLERS, personaErasureProviders } from './privacy/persona-erasure.parts';
import { PersonaExportController } from './privacy/persona-export.controller';
import { PersonaExportRepository } from './privacy/persona-export.repository';
import { PersonaExportService } from './privacy/persona-export.service';
import { TeamController } from './teams/team.controller';
import { TeamRepository } from './teams/team.repository';
import { TeamService } from './teams/team.service';
import { TeammateController } from './teammates/teammate.controller';
import { TeammateRepository } from './teammates/teammate.repository';
import { TeammateService } from './teammates/teammate.service';
import openApiMetadata from './openapi.metadata';

@Module({})
export class ProfileAppModule {}

export interface ProfileAppOptions {
  /** Tests move time forward instead of waiting for codes to expire. */
  now?: Clock;
  /** How long an erase request waits for the other services' parts (tests shorten it). */
  erasureWaitMs?: number;
}

export const profileAppModule = (config: ServiceConfig, options: ProfileAppOptions = {}): DynamicModule =>
  serviceModule(config, ProfileAppModule, {
    openApiMetadata,
    imports: [ScheduleModule.forRoot(), MailModule.forRoot(config)],
    // The sign-in controller first: its fixed /persona/* paths are registered before /persona/:id.
    controllers: [PersonaLoginController, PersonaController, ...PERSONA_ERASURE_CONTROLLERS, PersonaExportController, TeammateController, TeamController],
    providers: [
      TeammateRepository,
      TeammateService,
      TeamRepository,
      TeamService,
      PersonaRepository,
      PersonaEmailChangeRepository,
      PersonaEmailService,
      PersonaService,
      PersonaLoginService,
      ...personaErasureProviders(options.erasureWaitMs),
      PersonaExportRepository,
      PersonaExportService,
    ],
    clock: options.now,
  });
