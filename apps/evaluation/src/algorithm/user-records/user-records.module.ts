import { Module } from '@nestjs/common';
import { LookupsModule } from '../lookups/lookups.module';
import { UserExperiencesController, UserGoalsController } from './user-record.controller';
import { UserExperienceRepository } from './user-experience.repository';
import { UserGoalRepository } from './user-goal.repository';
import { UserExperienceService, UserGoalService } from './user-record.service';

/** /algorithm/userexperiences and /algorithm/usergoals. The repositories are exported: a persona's erasure removes its records. */
@Module({
  imports: [LookupsModule],
  controllers: [UserExperiencesController, UserGoalsController],
  providers: [UserExperienceRepository, UserExperienceService, UserGoalRepository, UserGoalService],
  exports: [UserExperienceRepository, UserGoalRepository],
})
export class UserRecordsModule {}
