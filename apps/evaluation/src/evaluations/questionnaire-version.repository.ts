import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { eq, inArray } from 'drizzle-orm';
import { type QuestionnaireVersionRow, questionnaireVersions } from '../database/evaluation.schema';
import type { QuestionSet } from './evaluation.types';

/** The immutable questionnaire versions: insert-if-absent by content hash, read by id. */
@Injectable()
export class QuestionnaireVersionRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * The version's id, inserting it when no version has this hash. Race-safe: a concurrent insert
   * of the same hash makes ON CONFLICT wait for it and do nothing, and the read then sees it.
   */
  async idFor(db: Executor, hash: string, questionSet: QuestionSet): Promise<number> {
    const [inserted] = await db
      .insert(questionnaireVersions)
      .values({ hash, questionSet })
      .onConflictDoNothing({ target: questionnaireVersions.hash })
      .returning({ id: questionnaireVersions.id });
    if (inserted) return inserted.id;
    const [existing] = await db
      .select({ id: questionnaireVersions.id })
      .from(questionnaireVersions)
      .where(eq(questionnaireVersions.hash, hash));
    if (!existing) throw new Error(`questionnaire version ${hash} vanished after a conflicting insert`);
    return existing.id;
  }

  async findByIds(ids: readonly number[], db: Executor = this.db): Promise<QuestionnaireVersionRow[]> {
    return db
      .select()
      .from(questionnaireVersions)
      .where(inArray(questionnaireVersions.id, [...ids]));
  }
}
