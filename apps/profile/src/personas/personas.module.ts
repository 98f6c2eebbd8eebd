import { Module } from '@nestjs/common';
import { PersonaLoginModule } from '../persona-login/persona-login.module';
import { PersonaController } from './persona.controller';
import { PersonaEmailChangeRepository } from './persona-email-change.repository';
import { PersonaEmailService } from './persona-email.service';
import { PersonaRepository } from './persona.repository';
import { PersonaService } from './persona.service';

/** Personas (/persona, /persona/:id) and their sign-in addresses; a removed persona takes its sign-in rows along. */
@Module({
  imports: [PersonaLoginModule],
  controllers: [PersonaController],
  providers: [PersonaRepository, PersonaEmailChangeRepository, PersonaEmailService, PersonaService],
  // Erasure (../privacy) removes the persona and its pending address change.
  exports: [PersonaRepository, PersonaEmailChangeRepository],
})
export class PersonasModule {}
