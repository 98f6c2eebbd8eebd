import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { type UserExperienceRow, userExperiences } from '../../database/evaluation.schema';
import { UserRecordRepository } from './user-record.repository';

/** The one gateway to `evaluation.user_experiences`. */
@Injectable()
export class UserExperienceRepository extends UserRecordRepository<UserExperienceRow> {
  constructor(@InjectDatabase() db: Database) {
    super(db, userExperiences);
  }
}
