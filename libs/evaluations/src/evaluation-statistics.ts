import type { Pool } from 'pg';

export interface EvaluationCounts {
  total: number;
  inProgress: number;
  completed: number;
}

/**
 * The evaluation service's read module for statistics. The evaluations table is declared in the
 * evaluation service (it references the algorithm teams); this owner-maintained query is the one
 * place outside it that reads the table, and only its `status` column.
 */
export class EvaluationStatistics {
  constructor(private readonly pool: Pick<Pool, 'query'>) {}

  async counts(): Promise<EvaluationCounts> {
    const result = await this.pool.query<EvaluationCounts>(
      `SELECT count(*)::int AS "total",
              count(*) FILTER (WHERE status = 'in_progress')::int AS "inProgress",
              count(*) FILTER (WHERE status = 'complete')::int AS "completed"
         FROM evaluation.evaluations`,
    );
    return result.rows[0] ?? { total: 0, inProgress: 0, completed: 0 };
  }
}
