import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PLATFORM_QUESTIONNAIRE, PLATFORM_QUESTIONNAIRE_SEED_KEY } from '@teamfit/assessment';
import { QuestionnaireSeedRepository } from './questionnaire-seed.repository';

/**
 * Creates the platform's questionnaire (docs/assessment.md, "The shipped questionnaire") on a fresh database. Runs on every
 * start and in every instance; the seed is recorded with its content in one transaction, so
 * restarts and concurrent instances neither duplicate it nor undo an administrator's edits.
 */
@Injectable()
export class QuestionnaireSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(QuestionnaireSeeder.name);

  constructor(private readonly seeds: QuestionnaireSeedRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    const result = await this.seeds.seed(PLATFORM_QUESTIONNAIRE_SEED_KEY, PLATFORM_QUESTIONNAIRE);
    if (result) {
      this.logger.log(`created the platform questionnaire: ${result.groups} groups, ${result.questions} questions, ${result.answers} answers`);
    }
  }
}
