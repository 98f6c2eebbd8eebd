import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import type { AnswerInput } from '@teamfit/scoring';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type EvaluationAnswerRow, type EvaluationRow, type EvaluationStatus, evaluationAnswers, evaluations, type TeamRow, teams } from '../database/evaluation.schema';

export type Executor = Pick<Database, 'select' | 'selectDistinctOn' | 'insert' | 'update' | 'execute'>;

export interface EvaluationFilter {
  personaId: string;
  teamId?: number;
  status?: EvaluationStatus;
}

/** The evaluations and their answers: plain rows in, plain rows out. Pass a transaction as `db`. */
@Injectable()
export class EvaluationRepository {
  constructor(@InjectDatabase() readonly db: Database) {}

  async findById(id: string, db: Executor = this.db): Promise<EvaluationRow | undefined> {
    const [row] = await db.select().from(evaluations).where(eq(evaluations.id, id)).limit(1);
    return row;
  }

  /** Locks the evaluation for the rest of the transaction: answers to it are serialised. */
  async lockById(id: string, db: Executor): Promise<EvaluationRow | undefined> {
    const [row] = await db.select().from(evaluations).where(eq(evaluations.id, id)).for('update');
    return row;
  }

  async findActive(personaId: string, teamId: number): Promise<EvaluationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(evaluations)
      .where(and(eq(evaluations.personaId, personaId), eq(evaluations.teamId, teamId), ne(evaluations.status, 'complete')))
      .limit(1);
    return row;
  }

  /** Inserts, or returns undefined when another active evaluation of the pair won the race. */
  async insertActive(values: typeof evaluations.$inferInsert): Promise<EvaluationRow | undefined> {
    const [row] = await this.db
      .insert(evaluations)
      .values(values)
      .onConflictDoNothing({ target: [evaluations.personaId, evaluations.teamId], where: sql`${evaluations.status} <> 'complete'` })
      .returning();
    return row;
  }

  async list(filter: EvaluationFilter): Promise<{ rows: EvaluationRow[]; total: number }> {
    const where = and(
      eq(evaluations.personaId, filter.personaId),
      filter.teamId === undefined ? undefined : eq(evaluations.teamId, filter.teamId),
      filter.status === undefined ? undefined : eq(evaluations.status, filter.status),
    );
    const rows = await this.db.select().from(evaluations).where(where).orderBy(desc(evaluations.createdAt), asc(evaluations.id));
    return { rows, total: rows.length };
  }

  async answersOf(evaluationId: string, db: Executor = this.db): Promise<EvaluationAnswerRow[]> {
    return db.select().from(evaluationAnswers).where(eq(evaluationAnswers.evaluationId, evaluationId));
  }

  async upsertAnswer(values: { evaluationId: string; questionId: number; value: number; timeTaken: number; answeredAt: Date }, db: Executor): Promise<void> {
    await db
      .insert(evaluationAnswers)
      .values(values)
      .onConflictDoUpdate({
        target: [evaluationAnswers.evaluationId, evaluationAnswers.questionId],
        set: { value: values.value, timeTaken: values.timeTaken, answeredAt: values.answeredAt },
      });
  }

  async countAnswers(evaluationId: string, db: Executor): Promise<number> {
    const [row] = await db.select({ n: count() }).from(evaluationAnswers).where(eq(evaluationAnswers.evaluationId, evaluationId));
    return row?.n ?? 0;
  }

  async update(id: string, changes: Partial<typeof evaluations.$inferInsert>, db: Executor): Promise<EvaluationRow> {
    const [row] = await db.update(evaluations).set(changes).where(eq(evaluations.id, id)).returning();
    if (!row) throw new Error(`evaluation ${id} vanished inside its transaction`);
    return row;
  }

  /**
   * The answers of each given persona's most recently completed evaluation (SCORING.md section 2),
   * in persona order so the team context is the same for the same inputs.
   */
  async latestCompletedAnswers(personaIds: readonly string[], db: Executor = this.db): Promise<AnswerInput[][]> {
    if (personaIds.length === 0) return [];
    const latest = await db
      .selectDistinctOn([evaluations.personaId], { id: evaluations.id, personaId: evaluations.personaId })
      .from(evaluations)
      .where(and(inArray(evaluations.personaId, [...personaIds]), eq(evaluations.status, 'complete')))
      .orderBy(evaluations.personaId, desc(evaluations.completedAt), asc(evaluations.id));
    if (latest.length === 0) return [];
    const answers = await db
      .select({ evaluationId: evaluationAnswers.evaluationId, questionId: evaluationAnswers.questionId, value: evaluationAnswers.value, timeTaken: evaluationAnswers.timeTaken })
      .from(evaluationAnswers)
      .where(inArray(evaluationAnswers.evaluationId, latest.map((row) => row.id)));
    const byEvaluation = new Map<string, AnswerInput[]>(latest.map((member) => [member.id, []]));
    for (const { evaluationId, questionId, value, timeTaken } of answers) byEvaluation.get(evaluationId)?.push({ questionId, value, timeTaken });
    return latest.map((member) => byEvaluation.get(member.id) ?? []);
  }

  /** The algorithm team, read on the given executor (inside a transaction: its own connection). */
  async teamById(teamId: number, db: Executor = this.db): Promise<TeamRow | undefined> {
    const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
    return row;
  }
}
