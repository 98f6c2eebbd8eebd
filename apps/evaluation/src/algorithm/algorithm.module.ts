import { Module } from '@nestjs/common';
import { AlgorithmDirectory } from './algorithm.directory';
import { TeamsModule } from './teams/teams.module';

/** The read-only directory of the algorithm entities that the scoring uses (the entities' routes are their own modules'). */
@Module({
  imports: [TeamsModule],
  providers: [AlgorithmDirectory],
  exports: [AlgorithmDirectory],
})
export class AlgorithmModule {}
