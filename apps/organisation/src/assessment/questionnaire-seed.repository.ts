import { Injectable } from '@nestjs/common';
import {
  contentSeeds,
  LIKERT_ANSWER_LABELS,
  type NewQuestionAnswerRow,
  type NewQuestionRow,
  type PlatformQuestionGroup,
  questionAnswers,
  questionGroups,
  questions,
} from '@teamfit/assessment';
import { type Database, InjectDatabase } from '@teamfit/database';

export interface SeedResult {
  groups: number;
  questions: number;
  answers: number;
}

/**
 * Writes seeded assessment content. The seed's key is inserted first, in the same transaction as
 * the content: a concurrent instance's insert of the same key waits on the primary key until this
 * transaction ends and then does nothing, so the content is created exactly once per database,
 * and never again after administrators have changed or deleted it.
 */
@Injectable()
export class QuestionnaireSeedRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** `undefined` when the seed was applied before (by this or another instance). */
  seed(key: string, content: readonly PlatformQuestionGroup[]): Promise<SeedResult | undefined> {
    return this.db.transaction(async (tx) => {
      const [claimed] = await tx.insert(contentSeeds).values({ key }).onConflictDoNothing().returning({ key: contentSeeds.key });
      if (!claimed) return undefined;

      // A group whose name an administrator already uses is left alone, questions and all.
      const createdGroups = await tx
        .insert(questionGroups)
        .values(content.map(({ name, title, strapline, scoreType }) => ({ name, title, strapline, scoreType })))
        .onConflictDoNothing()
        .returning({ id: questionGroups.id, name: questionGroups.name });
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
      const createdQuestions = await tx
        .insert(questions)
        .values(questionRows)
        .returning({ id: questions.id, likertAnswerSet: questions.likertAnswerSet });

      const answerRows: NewQuestionAnswerRow[] = createdQuestions.flatMap((question) =>
        LIKERT_ANSWER_LABELS[question.likertAnswerSet ?? 'agree'].map((text, index) => ({
          questionId: question.id,
          orderIndex: index + 1,
          value: index + 1,
          text,
        })),
      );
      await tx.insert(questionAnswers).values(answerRows);
      return { groups: createdGroups.length, questions: createdQuestions.length, answers: answerRows.length };
    });
  }
}
