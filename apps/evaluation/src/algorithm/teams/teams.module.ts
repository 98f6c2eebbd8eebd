import { Module } from '@nestjs/common';
import { TeamController } from './team.controller';
import { TeamRepository } from './team.repository';
import { TeamService } from './team.service';

/** /algorithm/teams. The repository is exported: the scoring reads teams and the erasure takes a persona out of them. */
@Module({
  controllers: [TeamController],
  providers: [TeamRepository, TeamService],
  exports: [TeamRepository],
})
export class TeamsModule {}
