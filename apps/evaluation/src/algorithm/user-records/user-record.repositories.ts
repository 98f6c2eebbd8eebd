import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { type UserExperienceRow, userExperiences, type UserGoalRow, userGoals } from '../../database/evaluation.schema';
import { UserRecordRepository } from './user-record.repository';

/** `evaluation.user_experiences`. */
@Injectable()
export class UserExperienceRepository extends UserRecordRepository<UserExperienceRow> {
  constructor(@InjectDatabase() db: Database) {
    super(db, userExperiences);
  }
}

/** `evaluation.user_goals`. */
@Injectable()
export class UserGoalRepository extends UserRecordRepository<UserGoalRow> {
  constructor(@InjectDatabase() db: Database) {
    super(db, userGoals);
  }
}
