import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { type UserGoalRow, userGoals } from '../../database/evaluation.schema';
import { UserRecordRepository } from './user-record.repository';

/** The one gateway to `evaluation.user_goals`. */
@Injectable()
export class UserGoalRepository extends UserRecordRepository<UserGoalRow> {
  constructor(@InjectDatabase() db: Database) {
    super(db, userGoals);
  }
}
