import { Injectable } from '@nestjs/common';
import { type Database, InjectReadDatabase } from '@teamfit/database';
import { sql } from 'drizzle-orm';
import { evaluationScoreProfiles, questionnaireVersions } from '../database/evaluation.schema';
import type { QuestionSet } from '../evaluations/evaluation.types';

/** A questionnaire version with the answered values of all its completed evaluations. */
export interface VersionValues {
  questionSet: QuestionSet;
  /** Every completed evaluation's values, one byte per question in the set's order, concatenated. */
  values: Buffer;
  evaluations: number;
}

/**
 * The item-statistics report's one statement: the version's question set and the values of its
 * completed evaluations (their score profiles, found through evaluation_score_profiles_version_idx),
 * concatenated into one bytea so that a few thousand evaluations are one column of one row. On the
 * read replica: a report tolerates a moment's lag.
 */
@Injectable()
export class ItemStatisticsRepository {
  constructor(@InjectReadDatabase() private readonly reads: Database) {}

  /** undefined: no such version. */
  async versionValues(questionnaireVersionId: number): Promise<VersionValues | undefined> {
    const v = questionnaireVersions;
    const p = evaluationScoreProfiles;
    const result = await this.reads.execute<{ question_set: QuestionSet; values: Buffer | null; evaluations: string }>(sql`
      SELECT ${v.questionSet} AS question_set, profiles.values, profiles.evaluations
        FROM ${v}
        CROSS JOIN LATERAL (
          SELECT string_agg(${p.answerValues}, ''::bytea ORDER BY ${p.evaluationId}) AS values, count(*) AS evaluations
            FROM ${p} WHERE ${p.questionnaireVersionId} = ${v.id}
        ) AS profiles
       WHERE ${v.id} = ${questionnaireVersionId}::int`);
    const [row] = result.rows;
    if (!row) return undefined;
    return { questionSet: row.question_set, values: row.values ?? Buffer.alloc(0), evaluations: Number(row.evaluations) };
  }
}
