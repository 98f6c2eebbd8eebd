import { Module } from '@nestjs/common';
import { QuestionAnswerController } from './question-answer.controller';
import { QuestionAnswerRepository } from './question-answer.repository';
import { QuestionAnswerService } from './question-answer.service';
import { QuestionGroupController } from './question-group.controller';
import { QuestionGroupRepository } from './question-group.repository';
import { QuestionGroupService } from './question-group.service';
import { QuestionController } from './question.controller';
import { QuestionRepository } from './question.repository';
import { QuestionService } from './question.service';
import { ContentSeedRepository } from './content-seed.repository';
import { QuestionnaireSeeder } from './questionnaire.seeder';

/** Questions, question groups and question answers (docs/assessment.md), and the shipped questionnaire. */
@Module({
  controllers: [QuestionController, QuestionGroupController, QuestionAnswerController],
  providers: [
    QuestionRepository,
    QuestionService,
    QuestionGroupRepository,
    QuestionGroupService,
    QuestionAnswerRepository,
    QuestionAnswerService,
    ContentSeedRepository,
    QuestionnaireSeeder,
  ],
})
export class AssessmentModule {}
