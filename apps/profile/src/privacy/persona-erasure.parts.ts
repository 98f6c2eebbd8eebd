import type { Provider, Type } from '@nestjs/common';
import { PersonaErasureController } from './persona-erasure.controller';
import { PersonaErasureFinisher } from './persona-erasure.finisher';
import { PersonaErasureRepository } from './persona-erasure.repository';
import { ERASURE_WAIT_MS, PERSONA_ERASURE_WAIT_MS, PersonaErasureService } from './persona-erasure.service';
import { PersonaLoginRowsRepository } from './persona-login-rows.repository';

/** The erasure of a persona (POST /persona/:id/erase), registered by the profile app module. */
export const PERSONA_ERASURE_CONTROLLERS: Type[] = [PersonaErasureController];

export const personaErasureProviders = (waitMs = ERASURE_WAIT_MS): Provider[] => [
  PersonaLoginRowsRepository,
  PersonaErasureRepository,
  PersonaErasureFinisher,
  PersonaErasureService,
  { provide: PERSONA_ERASURE_WAIT_MS, useValue: waitMs },
];
