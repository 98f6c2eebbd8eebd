import { Injectable } from '@nestjs/common';
import { organisations } from '@teamfit/accounts';
import { type Database, InjectDatabase } from '@teamfit/database';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import {
  type EvaluationAnswerRow,
  type EvaluationRow,
  evaluationAnswers,
  evaluationScoreProfiles,
  evaluations,
  type EvaluationStatus,
  teams,
} from '../database/evaluation.schema';

export type Executor = Pick<Database, 'select' | 'selectDistinctOn' | 'insert' | 'update' | 'execute'>;

export interface EvaluationFilter {
  personaId: string;
  teamId?: number;
  status?: EvaluationStatus;
}

/** What the answer path reads of the locked evaluation: ids and counters, no results. */
export type EvaluationState = Omit<EvaluationRow, 'results' | 'completedAt'>;

export type EvaluationSummaryRow = Omit<EvaluationRow, 'results' | 'completedAt' | 'answerValues' | 'questionnaireVersionId'>;

/**
 * A member's stored score profile, as the team context reads it. Not its levels: they are exact
 * integer means of the values, cheaper to recompute than to parse as float8[] text (profiled).
 */
export interface MemberProfileRow {
  questionnaireVersionId: number;
  answerValues: Buffer;
}

const stateColumns = {
  id: evaluations.id,
  personaId: evaluations.personaId,
  teamId: evaluations.teamId,
  status: evaluations.status,
  questionnaireVersionId: evaluations.questionnaireVersionId,
  total: evaluations.total,
  answered: evaluations.answered,
  answerValues: evaluations.answerValues,
  createdAt: evaluations.createdAt,
  updatedAt: evaluations.updatedAt,
};

const summaryColumns = {
  id: evaluations.id,
  personaId: evaluations.personaId,
  teamId: evaluations.teamId,
  status: evaluations.status,
  total: evaluations.total,
  answered: evaluations.answered,
  createdAt: evaluations.createdAt,
  updatedAt: evaluations.updatedAt,
};

const id = sql.placeholder('id');

/*
 * The hot statements are named prepared statements: PostgreSQL parses and plans each once per
 * connection. On the pool they are built once; inside a transaction they are built on it (drizzle
 * binds a prepared query to its connection) under the same name, so the server-side plan is reused.
 */
const lockQuery = (db: Executor) => db.select(stateColumns).from(evaluations).where(eq(evaluations.id, id)).for('update').prepare('evaluation_lock');
const answersQuery = (db: Executor) => db.select().from(evaluationAnswers).where(eq(evaluationAnswers.evaluationId, id)).prepare('evaluation_answers_of');
const memberProfilesQuery = (db: Executor) =>
  db
    .selectDistinctOn([evaluationScoreProfiles.personaId], {
      questionnaireVersionId: evaluationScoreProfiles.questionnaireVersionId,
      answerValues: evaluationScoreProfiles.answerValues,
    })
    .from(evaluationScoreProfiles)
    .where(
      and(
        // The member list stays in the database: one index probe per member, no uuid array round trip.
        sql`${evaluationScoreProfiles.personaId} = ANY ((SELECT ${teams.memberPersonaIds} FROM ${teams} WHERE ${teams.id} = ${sql.placeholder('teamId')})::uuid[])`,
        // The candidate is left out unless the team's organisation includes the matched user in
        // its teams: one primary-key probe into each of the two tables, made once per query.
        sql`(${evaluationScoreProfiles.personaId} IS DISTINCT FROM ${sql.placeholder('candidate')}::uuid
          OR (SELECT ${organisations.includeMatchUserInTeam} FROM ${teams} JOIN ${organisations} ON ${organisations.id} = ${teams.organisationId}
              WHERE ${teams.id} = ${sql.placeholder('teamId')}) IS TRUE)`,
      ),
    )
    .orderBy(evaluationScoreProfiles.personaId, sql`${evaluationScoreProfiles.completedAt} DESC NULLS LAST`, asc(evaluationScoreProfiles.evaluationId))
    .prepare('evaluation_member_profiles');

/** The evaluations, their answers and score profiles: plain rows in, plain rows out. Pass a transaction as `db`. */
@Injectable()
export class EvaluationRepository {
  private readonly byId;
  private readonly stateById;
  private readonly teamNamesQuery;
  private readonly memberProfilesOnPool;
  private readonly answersOnPool;

  constructor(@InjectDatabase() readonly db: Database) {
    this.byId = db.select().from(evaluations).where(eq(evaluations.id, id)).limit(1).prepare('evaluation_by_id');
    this.stateById = db.select(stateColumns).from(evaluations).where(eq(evaluations.id, id)).limit(1).prepare('evaluation_state_by_id');
    this.teamNamesQuery = db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(sql`${teams.id} IN (${sql.placeholder('a')}, ${sql.placeholder('b')})`)
      .prepare('evaluation_team_names');
    this.memberProfilesOnPool = memberProfilesQuery(db);
    this.answersOnPool = answersQuery(db);
  }

  async findById(evaluationId: string): Promise<EvaluationRow | undefined> {
    const [row] = await this.byId.execute({ id: evaluationId });
    return row;
  }

  /** The evaluation without its results (the comparisons score it afresh). */
  async findState(evaluationId: string): Promise<EvaluationState | undefined> {
    const [row] = await this.stateById.execute({ id: evaluationId });
    return row;
  }

  /** Ids and names of two algorithm teams (those that exist), without their member lists. */
  async teamNames(a: number, b: number): Promise<{ id: number; name: string }[]> {
    return this.teamNamesQuery.execute({ a, b });
  }

  /** Locks the evaluation for the rest of the transaction: answers to it are serialised. */
  async lockById(evaluationId: string, db: Executor): Promise<EvaluationState | undefined> {
    const [row] = await lockQuery(db).execute({ id: evaluationId });
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

  async list(filter: EvaluationFilter): Promise<{ rows: EvaluationSummaryRow[]; total: number }> {
    const where = and(
      eq(evaluations.personaId, filter.personaId),
      filter.teamId === undefined ? undefined : eq(evaluations.teamId, filter.teamId),
      filter.status === undefined ? undefined : eq(evaluations.status, filter.status),
    );
    const rows = await this.db.select(summaryColumns).from(evaluations).where(where).orderBy(desc(evaluations.createdAt), asc(evaluations.id));
    return { rows, total: rows.length };
  }

  async answersOf(evaluationId: string, db?: Executor): Promise<EvaluationAnswerRow[]> {
    return (db ? answersQuery(db) : this.answersOnPool).execute({ id: evaluationId });
  }

  async upsertAnswer(values: { evaluationId: string; questionId: number; value: number; timeTaken: number; answeredAt: Date }, db: Executor): Promise<void> {
    await db
      .insert(evaluationAnswers)
      .values({
        evaluationId: sql.placeholder('evaluationId'),
        questionId: sql.placeholder('questionId'),
        value: sql.placeholder('value'),
        timeTaken: sql.placeholder('timeTaken'),
        answeredAt: sql.placeholder('answeredAt'),
      })
      .onConflictDoUpdate({
        target: [evaluationAnswers.evaluationId, evaluationAnswers.questionId],
        set: { value: sql`excluded.value`, timeTaken: sql`excluded.time_taken`, answeredAt: sql`excluded.answered_at` },
      })
      .prepare('evaluation_upsert_answer')
      .execute(values);
  }

  /** Progress of an incomplete evaluation: counters and the answered values, nothing else. */
  async saveProgress(evaluationId: string, changes: { answered: number; answerValues: Buffer; updatedAt: Date }, db: Executor): Promise<void> {
    await db
      .update(evaluations)
      .set({ status: 'in_progress', answered: sql`${sql.placeholder('answered')}`, answerValues: sql`${sql.placeholder('answerValues')}`, updatedAt: sql`${sql.placeholder('updatedAt')}` })
      .where(eq(evaluations.id, id))
      .prepare('evaluation_save_progress')
      .execute({ id: evaluationId, ...changes });
  }

  /**
   * Stores the score profile of an evaluation that completes in the caller's transaction. Before
   * its team context is read: the candidate may be one of the members (see memberProfiles).
   */
  async storeProfile(
    evaluation: Pick<EvaluationRow, 'id' | 'personaId' | 'questionnaireVersionId'>,
    profile: { completedAt: Date; answerValues: Buffer; levels: (number | null)[] },
    db: Executor,
  ): Promise<void> {
    await db.insert(evaluationScoreProfiles).values({
      evaluationId: evaluation.id,
      personaId: evaluation.personaId,
      questionnaireVersionId: evaluation.questionnaireVersionId,
      ...profile,
    });
  }

  /** Completes the evaluation with its results, in the caller's transaction. */
  async complete(evaluationId: string, changes: Required<Pick<EvaluationRow, 'answered' | 'answerValues' | 'results' | 'completedAt' | 'updatedAt'>>, db: Executor): Promise<EvaluationRow> {
    const [row] = await db
      .update(evaluations)
      .set({ status: 'complete', ...changes })
      .where(eq(evaluations.id, evaluationId))
      .returning();
    if (!row) throw new Error(`evaluation ${evaluationId} vanished inside its transaction`);
    return row;
  }

  /**
   * The score profile of each member persona's most recently completed evaluation (the team
   * context, docs/scoring.md); members without one have no row. The candidate, when a member, is
   * left out unless the team's organisation has `includeMatchUserInTeam`. One indexed query.
   */
  async memberProfiles(teamId: number, candidatePersonaId: string | null, db?: Executor): Promise<MemberProfileRow[]> {
    return (db ? memberProfilesQuery(db) : this.memberProfilesOnPool).execute({ teamId, candidate: candidatePersonaId });
  }
}
