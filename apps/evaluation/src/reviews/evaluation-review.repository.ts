import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { sql } from 'drizzle-orm';
import { type EvaluationReviewRow, evaluationReviews, evaluations, type ReviewDecision, teams } from '../database/evaluation.schema';

/** What an entry records; the identity, order and time come from the database and the clock. */
export type NewReviewEntry =
  | {
      kind: 'REVIEW';
      evaluationId: string;
      decision: ReviewDecision;
      reason: string;
      overallScore: number | null;
      accountId: string;
      createdAt: Date;
    }
  | { kind: 'CONTEST'; evaluationId: string; message: string; createdAt: Date };

/** An entry as appended, with the organisation of its evaluation's team (whose subscriptions get the event). */
export interface AppendedReview extends EvaluationReviewRow {
  organisationId: string | null;
}

/** An entry with, for a contest, the first review recorded after it (null: still open). */
export interface ListedReviewRow extends EvaluationReviewRow {
  resolvedByReviewId: string | null;
}

/**
 * The one gateway that writes evaluation_reviews. It only appends: no method updates or deletes
 * an entry but the persona's erasure, which removes every entry of its evaluations.
 */
@Injectable()
export class EvaluationReviewRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * Appends an entry to a completed evaluation, checked by the statement that writes it: undefined
   * when the evaluation is gone or not complete (the caller reads it to say why).
   */
  async append(tx: Executor, entry: NewReviewEntry): Promise<AppendedReview | undefined> {
    const review = entry.kind === 'REVIEW' ? entry : undefined;
    const contest = entry.kind === 'CONTEST' ? entry : undefined;
    const result = await tx.execute<RawReviewRow>(sql`
      INSERT INTO ${evaluationReviews} (evaluation_id, kind, decision, overall_score, reason, message, account_id, created_at)
      SELECT ${evaluations.id}, ${entry.kind}, ${review?.decision ?? null}, ${review?.overallScore ?? null}::float8, ${review?.reason ?? null},
             ${contest?.message ?? null}, ${review?.accountId ?? null}::uuid, ${entry.createdAt.toISOString()}::timestamptz
        FROM ${evaluations} WHERE ${evaluations.id} = ${entry.evaluationId} AND ${evaluations.status} = 'complete'
      RETURNING ${sql.raw(RETURNED)},
        (SELECT ${teams.organisationId} FROM ${teams} JOIN ${evaluations} ON ${evaluations.teamId} = ${teams.id} WHERE ${evaluations.id} = evaluation_id) AS organisation_id`);
    const [row] = result.rows as Array<RawReviewRow & { organisation_id: string | null }>;
    return row ? { ...rowOf(row), organisationId: row.organisation_id } : undefined;
  }

  /** Whether the evaluation has a contest that no review was recorded after (read under the evaluation's review lock). */
  async hasOpenContest(tx: Executor, evaluationId: string): Promise<boolean> {
    const result = await tx.execute<{ open: boolean }>(sql`
      SELECT EXISTS (
        SELECT FROM ${evaluationReviews} c
         WHERE c.evaluation_id = ${evaluationId} AND c.kind = 'CONTEST'
           AND NOT EXISTS (SELECT FROM ${evaluationReviews} r WHERE r.evaluation_id = c.evaluation_id AND r.kind = 'REVIEW' AND r.seq > c.seq)
      ) AS open`);
    return result.rows[0]?.open === true;
  }

  /** A page of an evaluation's entries, oldest first, each contest with the review that resolved it. */
  async list(evaluationId: string, offset: number, limit: number): Promise<{ rows: ListedReviewRow[]; total: number }> {
    const result = await this.db.execute<RawReviewRow & { resolved_by: string | null; total: string | number }>(sql`
      SELECT ${sql.raw(RETURNED)},
             CASE WHEN e.kind = 'CONTEST' THEN (
               SELECT r.id FROM ${evaluationReviews} r
                WHERE r.evaluation_id = e.evaluation_id AND r.kind = 'REVIEW' AND r.seq > e.seq ORDER BY r.seq LIMIT 1
             ) END AS resolved_by,
             count(*) OVER () AS total
        FROM ${evaluationReviews} e
       WHERE e.evaluation_id = ${evaluationId}
       ORDER BY e.seq
       LIMIT ${limit} OFFSET ${offset}`);
    let total = 0;
    if (result.rows.length === 0 && offset > 0) total = await this.count(evaluationId);
    const rows = result.rows.map((row) => {
      total = Number(row.total);
      return { ...rowOf(row), resolvedByReviewId: row.resolved_by };
    });
    return { rows, total };
  }

  /**
   * A persona's erasure: every entry of its evaluations (the evaluations go next, in the same
   * transaction). How many went is the erasure's `reviews` count.
   */
  async deleteOfPersona(tx: Executor, personaId: string): Promise<number> {
    const result = await tx.execute(sql`
      DELETE FROM ${evaluationReviews}
       WHERE evaluation_id IN (SELECT ${evaluations.id} FROM ${evaluations} WHERE ${evaluations.personaId} = ${personaId})`);
    return result.rowCount ?? 0;
  }

  private async count(evaluationId: string): Promise<number> {
    const result = await this.db.execute<{ total: string | number }>(
      sql`SELECT count(*) AS total FROM ${evaluationReviews} WHERE evaluation_id = ${evaluationId}`,
    );
    return Number(result.rows[0]?.total ?? 0);
  }
}

/** The columns as raw SQL names them (drizzle's execute leaves timestamps as text and bigints as strings). */
const RETURNED =
  'id, seq, evaluation_id, kind, decision, overall_score, reason, message, account_id, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms';

interface RawReviewRow extends Record<string, unknown> {
  id: string;
  seq: string | number;
  evaluation_id: string;
  kind: EvaluationReviewRow['kind'];
  decision: ReviewDecision | null;
  overall_score: number | null;
  reason: string | null;
  message: string | null;
  account_id: string | null;
  created_ms: number;
}

function rowOf(row: RawReviewRow): EvaluationReviewRow {
  return {
    id: row.id,
    seq: Number(row.seq),
    evaluationId: row.evaluation_id,
    kind: row.kind,
    decision: row.decision,
    overallScore: row.overall_score,
    reason: row.reason,
    message: row.message,
    accountId: row.account_id,
    createdAt: new Date(row.created_ms),
  };
}
