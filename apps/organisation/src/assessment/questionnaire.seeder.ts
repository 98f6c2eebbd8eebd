import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  LIKERT_ANSWER_LABELS,
  type NewQuestionAnswerRow,
  type NewQuestionRow,
  PLATFORM_QUESTIONNAIRE,
  PLATFORM_QUESTIONNAIRE_SEED_KEY,
  type PlatformQuestionGroup,
} from '@teamfit/assessment';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { ContentSeedRepository } from './content-seed.repository';
import { QuestionAnswerRepository } from './question-answer.repository';
import { QuestionGroupRepository } from './question-group.repository';
import { QuestionRepository } from './question.repository';

export interface SeedResult {
  groups: number;
  questions: number;
  answers: number;
}

/**
 * Creates the platform's questionnaire (docs/assessment.md, "The shipped questionnaire") on a fresh database. Runs on every
 * start and in every instance; the seed is recorded with its content in one transaction, so
 * restarts and concurrent instances neither duplicate it nor undo an administrator's edits.
 */
@Injectable()
export class QuestionnaireSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(QuestionnaireSeeder.name);

  constructor(
    private readonly seeds: ContentSeedRepository,
    private readonly groups: QuestionGroupRepository,
    private readonly questions: QuestionRepository,
    private readonly answers: QuestionAnswerRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const result = await this.db.transaction((tx) => this.seed(tx, PLATFORM_QUESTIONNAIRE_SEED_KEY, PLATFORM_QUESTIONNAIRE));
    if (result) {
      this.logger.log(
        `created the platform questionnaire: ${result.groups} groups, ${result.questions} questions, ${result.answers} answers`,
      );
    }
  }

  /**
   * The seed's key is claimed first, in the same transaction as the content: a concurrent
   * instance's claim waits until this transaction ends and then fails, so the content is created
   * exactly once per database, and never again after administrators have changed or deleted it.
   * `undefined` when the seed was applied before (by this or another instance).
   */
  private async seed(tx: Executor, key: string, content: readonly PlatformQuestionGroup[]): Promise<SeedResult | undefined> {
    if (!(await this.seeds.claim(tx, key))) return undefined;

    // A group whose name an administrator already uses is left alone, questions and all.
    const createdGroups = await this.groups.insertMissing(
      tx,
      content.map(({ name, title, strapline, scoreType }) => ({ name, title, strapline, scoreType })),
    );
    const groupIds = new Map(createdGroups.map((group) => [group.name, group.id]));

    const questionRows: NewQuestionRow[] = [];
    for (const group of content) {
      const questionGroupId = groupIds.get(group.name);
      if (questionGroupId === undefined) continue;
      group.questions.forEach((question, index) =>
        questionRows.push({ questionGroupId, orderIndex: index + 1, type: 'LIKERT', likertAnswerSet: group.likertAnswerSet, ...question }),
      );
    }
    if (questionRows.length === 0) return { groups: createdGroups.length, questions: 0, answers: 0 };
    const createdQuestions = await this.questions.insertMany(tx, questionRows);

    const answerRows: NewQuestionAnswerRow[] = createdQuestions.flatMap((question) =>
      LIKERT_ANSWER_LABELS[question.likertAnswerSet ?? 'agree'].map((text, index) => ({
        questionId: question.id,
        orderIndex: index + 1,
        value: index + 1,
        text,
      })),
    );
    await this.answers.insertMany(tx, answerRows);
    return { groups: createdGroups.length, questions: createdQuestions.length, answers: answerRows.length };
  }
}
