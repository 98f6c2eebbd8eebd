import { Module } from '@nestjs/common';
import { DemographicsModule } from '../demographics/demographics.module';
import { PersonaLoginModule } from '../persona-login/persona-login.module';
import { PersonasModule } from '../personas/personas.module';
import { TeamsModule } from '../teams/teams.module';
import { PersonaErasureController } from './persona-erasure.controller';
import { PersonaErasureFinisher } from './persona-erasure.finisher';
import { PersonaErasureRepository } from './persona-erasure.repository';
import { PersonaErasureService } from './persona-erasure.service';
import { PersonaExportController } from './persona-export.controller';
import { PersonaExportRepository } from './persona-export.repository';
import { PersonaExportService } from './persona-export.service';

/**
 * A persona's data: its erasure across the platform (POST /persona/:id/erase) and its export
 * (GET /persona/:id/export). Erasure removes the persona's rows through the repositories of the
 * features that own them.
 */
@Module({
  imports: [PersonaLoginModule, PersonasModule, TeamsModule, DemographicsModule],
  controllers: [PersonaErasureController, PersonaExportController],
  providers: [PersonaErasureRepository, PersonaErasureFinisher, PersonaErasureService, PersonaExportRepository, PersonaExportService],
})
export class PrivacyModule {}
