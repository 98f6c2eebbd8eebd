import { Module } from '@nestjs/common';
import { TeamController } from './team.controller';
import { TeamRepository } from './team.repository';
import { TeamService } from './team.service';

/** Profile teams (/team). */
@Module({
  controllers: [TeamController],
  providers: [TeamRepository, TeamService],
  // Erasure (../privacy) takes an erased persona out of every team.
  exports: [TeamRepository],
})
export class TeamsModule {}
