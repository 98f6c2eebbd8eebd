import { Injectable } from '@nestjs/common';
import type { Transaction } from '@teamfit/database';
import { personas } from '@teamfit/personas';
import { sql } from 'drizzle-orm';
import { evaluationAnswers, evaluationScoreProfiles, evaluations, teams } from '../database/evaluation.schema';

/** What one batch of the retention erased: counts only, never whose. */
export interface RetentionCounts {
  evaluations: number;
  answers: number;
  scoreProfiles: number;
  /** Teams with a member whose score profile went: their team context changed. */
  teams: number;
}

export const NO_ROWS: RetentionCounts = { evaluations: 0, answers: 0, scoreProfiles: 0, teams: 0 };

/**
 * The evaluations the retention erases: complete, completed before the cutoff, of a persona that
 * is not ACTIVE (blocked, pending, or no longer there at all).
 */
@Injectable()
export class EvaluationRetentionRepository {
  /**
   * Erases up to `limit` of them, oldest first, in the caller's transaction: answers, stored
   * score profile and the evaluation with its results. Removing a score profile changes the
   * profiles version of every team the persona is a member of (the triggers of migration 0005),
   * so no cached team context outlives it, and a team's next context is built without it.
   */
  async eraseBatch(tx: Transaction, cutoff: Date, limit: number): Promise<RetentionCounts> {
    const due = await tx.execute<{ id: string }>(sql`
      SELECT ${evaluations.id} AS id FROM ${evaluations}
       WHERE ${evaluations.status} = 'complete' AND ${evaluations.completedAt} < ${cutoff.toISOString()}::timestamptz
         AND NOT EXISTS (SELECT 1 FROM ${personas} WHERE ${personas.id} = ${evaluations.personaId} AND ${personas.status} = 'ACTIVE')
       ORDER BY ${evaluations.completedAt}, ${evaluations.id}
       LIMIT ${limit}`);
    const ids = due.rows.map((row) => row.id);
    if (ids.length === 0) return NO_ROWS;
    const idList = sql`${sql.param(ids)}::uuid[]`;
    const answers = await tx.execute(sql`DELETE FROM ${evaluationAnswers} WHERE ${evaluationAnswers.evaluationId} = ANY (${idList})`);
    const profiles = await tx.execute<{ persona_id: string }>(
      sql`DELETE FROM ${evaluationScoreProfiles} WHERE ${evaluationScoreProfiles.evaluationId} = ANY (${idList}) RETURNING ${evaluationScoreProfiles.personaId} AS persona_id`,
    );
    const erased = await tx.execute(sql`DELETE FROM ${evaluations} WHERE ${evaluations.id} = ANY (${idList})`);
    const members = [...new Set(profiles.rows.map((row) => row.persona_id))];
    const touched =
      members.length === 0
        ? 0
        : Number((await tx.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ${teams} WHERE ${teams.memberPersonaIds} && ${sql.param(members)}::uuid[]`)).rows[0]?.n ?? 0);
    return { evaluations: erased.rowCount ?? 0, answers: answers.rowCount ?? 0, scoreProfiles: profiles.rowCount ?? 0, teams: touched };
  }
}
