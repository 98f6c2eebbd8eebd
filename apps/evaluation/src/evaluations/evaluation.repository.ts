import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase, InjectPointReads, InjectReadDatabase, type PointReads } from '@teamfit/database';
import { personas } from '@teamfit/personas';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import {
  type EvaluationAnswerRow,
  type EvaluationRow,
  evaluationAnswers,
  evaluationScoreProfiles,
  evaluations,
  type EvaluationStatus,
  latestScoreProfileFirst,
  teams,
} from '../database/evaluation.schema';
import { RECORD_PROGRESS, type RecordProgressRow, TEAM_STAMP, type TeamStampRow } from './answer.statements';
import type { EvaluationResults } from './evaluation.types';

/**
 * Where a read goes: a transaction (`Executor`), the primary's pool (`'primary'`: reads that must
 * see the latest commit, outside a transaction), or, when left out, the read replica.
 */
export type ReadFrom = Executor | 'primary';

export interface EvaluationFilter {
  personaId: string;
  teamId?: number;
  status?: EvaluationStatus;
}

/**
 * What the answer path reads of an evaluation: ids and counters, no results; `rowVersion` is the
 * row's PostgreSQL `xmin`, which every write to the row changes (a completing answer written
 * without a lock is written only if the row is still the one it read).
 */
export type EvaluationState = Omit<EvaluationRow, 'results' | 'completedAt'> & { rowVersion: string };

/** What an erasure removed: counts only, never whose. */
export interface ErasedEvaluations {
  evaluations: number;
  answers: number;
  scoreProfiles: number;
}

export type EvaluationSummaryRow = Omit<EvaluationRow, 'results' | 'completedAt' | 'answerValues' | 'questionnaireVersionId'>;

/**
 * A member's stored score profile, as the team context reads it. Not its levels: they are exact
 * integer means of the values, cheaper to recompute than to parse as float8[] text (profiled).
 * `profilesVersion` is the team's, read in the same statement: the rows are exactly that version's.
 */
export interface MemberProfileRow {
  personaId: string;
  questionnaireVersionId: number;
  answerValues: Buffer;
  profilesVersion: number;
}

/**
 * A team's profiles version; whether the candidate is a member and whether the team's organisation
 * counts a member who is the candidate (`includeMatchUserInTeam`); the candidate's own latest score
 * profile when they are a member.
 */
export interface TeamStamp {
  profilesVersion: number;
  candidateIsMember: boolean;
  includesCandidate: boolean;
  candidateProfile: { questionnaireVersionId: number; answerValues: Buffer } | null;
}

/** An earlier answer as scoring takes it (no dates to parse). */
export interface AnswerInputRow {
  questionId: number;
  value: number;
  timeTaken: number;
}

/** What scoring a completing answer reads: the evaluation's earlier answers and its team's stamp (undefined: no such team). */
export interface CompletionReads {
  earlier: AnswerInputRow[];
  stamp: TeamStamp | undefined;
}

/**
 * What recordProgress did: recorded the answer (the evaluation's new counters), or wrote nothing
 * and read the evaluation as it was (`completion`: what scoring needs, when this answer is the one
 * that completes it as read), or found no evaluation at all.
 */
export type ProgressOutcome =
  | { kind: 'recorded'; answered: number; answerValues: Buffer }
  | { kind: 'read'; state: EvaluationState; completion: CompletionReads | null }
  | { kind: 'missing' };

function stampOf(row: TeamStampRow | undefined): TeamStamp | undefined {
  if (!row || row.stamp_team_id === null || row.profiles_version === null) return undefined;
  const candidateProfile =
    row.candidate_values === null || row.candidate_version_id === null ? null : { questionnaireVersionId: row.candidate_version_id, answerValues: row.candidate_values };
  return { profilesVersion: Number(row.profiles_version), candidateIsMember: row.candidate_is_member === true, includesCandidate: row.includes_candidate === true, candidateProfile };
}

function progressOutcomeOf(row: RecordProgressRow | undefined): ProgressOutcome {
  if (!row) return { kind: 'missing' };
  if (row.recorded) return { kind: 'recorded', answered: row.answered, answerValues: row.answer_values };
  const state: EvaluationState = {
    id: row.id as string,
    personaId: row.persona_id as string,
    teamId: row.team_id as number,
    status: row.status as EvaluationStatus,
    questionnaireVersionId: row.questionnaire_version_id as number,
    total: row.total as number,
    answered: row.answered,
    answerValues: row.answer_values,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
    rowVersion: row.row_version as string,
  };
  if (row.completes !== true) return { kind: 'read', state, completion: null };
  const earlier = (row.earlier ?? []).map(([questionId, value, timeTaken]) => ({ questionId, value, timeTaken }));
  return { kind: 'read', state, completion: { earlier, stamp: stampOf(row) } };
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
  rowVersion: sql<string>`${evaluations}.xmin::text`,
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

const latestFirst = sql.raw(latestScoreProfileFirst('"evaluation_score_profiles"'));

/*
 * The completing answer: the evaluation completed with its results, the answer, and the score
 * profile, in one statement. Without the row lock (a named prepared statement on the pool, like
 * RECORD_PROGRESS) it writes only while the row is still the version that was read ($12, its xmin)
 * and incomplete; in the locked path the transaction holds the row.
 */
const completeText = (rowCheck: string) => `WITH completed AS (
    UPDATE evaluation.evaluations
       SET status = 'complete', answered = $2::int, answer_values = $3::bytea, results = $4::jsonb,
           completed_at = $5::timestamptz, updated_at = $5::timestamptz
     WHERE id = $1::uuid${rowCheck}
    RETURNING id
  ), recorded AS (
    INSERT INTO evaluation.evaluation_answers (evaluation_id, question_id, value, time_taken, answered_at)
    SELECT id, $6::int, $7::int, $8::int, $5::timestamptz FROM completed
    ON CONFLICT (evaluation_id, question_id) DO UPDATE SET value = excluded.value, time_taken = excluded.time_taken, answered_at = excluded.answered_at
  )
  INSERT INTO evaluation.evaluation_score_profiles (evaluation_id, persona_id, questionnaire_version_id, completed_at, answer_values, levels)
  SELECT id, $9::uuid, $10::int, $5::timestamptz, $3::bytea, $11::float8[] FROM completed`;
const COMPLETE_UNCHANGED = { name: 'evaluation_complete_unchanged', text: completeText(` AND xmin::text = $12 AND status <> 'complete'`) } as const;
const COMPLETE_LOCKED = completeText('');

type CompletedEvaluation = Pick<EvaluationState, 'id' | 'personaId' | 'questionnaireVersionId' | 'rowVersion'>;

interface Completion {
  answer: { questionId: number; value: number; timeTaken: number; answeredAt: Date };
  answered: number;
  answerValues: Buffer;
  results: EvaluationResults;
  levels: (number | null)[];
}

/** $1 … $11 of the completing statement. */
function completionValues(evaluation: CompletedEvaluation, { answer, answered, answerValues, results, levels }: Completion): unknown[] {
  return [
    evaluation.id,
    answered,
    answerValues,
    JSON.stringify(results),
    answer.answeredAt,
    answer.questionId,
    answer.value,
    answer.timeTaken,
    evaluation.personaId,
    evaluation.questionnaireVersionId,
    levels,
  ];
}

/** `text`'s $n placeholders bound to `values`, as a drizzle query for an executor (a transaction). */
function withParameters(text: string, values: readonly unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  return sql.join(pieces.map((piece, index) => (index % 2 === 0 ? sql.raw(piece) : sql.param(values[Number(piece) - 1]))));
}

/*
 * The hot statements are named prepared statements: PostgreSQL parses and plans each once per
 * connection. On the pool they are built once; inside a transaction they are built on it (drizzle
 * binds a prepared query to its connection) under the same name, so the server-side plan is reused.
 */
const lockQuery = (db: Executor) => db.select(stateColumns).from(evaluations).where(eq(evaluations.id, id)).for('update').prepare('evaluation_lock');
const answerInputsQuery = (db: Executor) =>
  db
    .select({ questionId: evaluationAnswers.questionId, value: evaluationAnswers.value, timeTaken: evaluationAnswers.timeTaken })
    .from(evaluationAnswers)
    .where(eq(evaluationAnswers.evaluationId, id))
    .prepare('evaluation_answer_inputs_of');
const answersQuery = (db: Executor) => db.select().from(evaluationAnswers).where(eq(evaluationAnswers.evaluationId, id)).prepare('evaluation_answers_of');
const memberProfilesQuery = (db: Executor) =>
  db
    .selectDistinctOn([evaluationScoreProfiles.personaId], {
      personaId: evaluationScoreProfiles.personaId,
      questionnaireVersionId: evaluationScoreProfiles.questionnaireVersionId,
      answerValues: evaluationScoreProfiles.answerValues,
      profilesVersion: sql<number>`(SELECT ${teams.profilesVersion} FROM ${teams} WHERE ${teams.id} = ${sql.placeholder('teamId')})`.mapWith(Number),
    })
    .from(evaluationScoreProfiles)
    // The member list stays in the database: one index probe per member, no uuid array round trip.
    .where(sql`${evaluationScoreProfiles.personaId} = ANY ((SELECT ${teams.memberPersonaIds} FROM ${teams} WHERE ${teams.id} = ${sql.placeholder('teamId')})::uuid[])`)
    .orderBy(evaluationScoreProfiles.personaId, latestFirst)
    .prepare('evaluation_member_profiles');
/**
 * The one gateway that writes evaluations, evaluation_answers and evaluation_score_profiles (the
 * completing answer writes all three in one statement): plain rows in, plain rows out. Writes take
 * the transaction (or the pool) first; reads choose their side with `from`.
 */
@Injectable()
export class EvaluationRepository {
  private readonly byId;
  private readonly stateById;
  private readonly memberProfilesOnPool;
  private readonly answersOnPool;
  private readonly memberProfilesOnPrimary;
  private readonly answerInputsOnPrimary;

  constructor(
    @InjectDatabase() private readonly db: Database,
    @InjectReadDatabase() private readonly reads: Database,
    @InjectPointReads() pointReads: PointReads,
  ) {
    // The evaluation read: a plain point read, which no row lock holds up.
    this.byId = pointReads.db.select().from(evaluations).where(eq(evaluations.id, id)).limit(1).prepare('evaluation_by_id');
    this.stateById = db.select(stateColumns).from(evaluations).where(eq(evaluations.id, id)).limit(1).prepare('evaluation_state_by_id');
    // Other members' completed evaluations: scoring inputs that tolerate a little lag. The stamp
    // and the profiles are read on the same side, and each cache label is exactly its snapshot's.
    this.memberProfilesOnPool = memberProfilesQuery(reads);
    this.answersOnPool = answersQuery(db);
    // The completing answer reads without a transaction, from the primary: it must see every
    // answer and profile committed before it.
    this.memberProfilesOnPrimary = memberProfilesQuery(db);
    this.answerInputsOnPrimary = answerInputsQuery(db);
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

  /** Locks the evaluation for the rest of the transaction: answers to it are serialised. */
  async lockById(tx: Executor, evaluationId: string): Promise<EvaluationState | undefined> {
    const [row] = await lockQuery(tx).execute({ id: evaluationId });
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
  async insertActive(tx: Executor, values: typeof evaluations.$inferInsert): Promise<EvaluationRow | undefined> {
    const [row] = await tx
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

  /** An evaluation's answers as scoring takes them (no dates to parse). */
  async answerInputsOf(evaluationId: string, from: ReadFrom): Promise<AnswerInputRow[]> {
    return (from === 'primary' ? this.answerInputsOnPrimary : answerInputsQuery(from)).execute({ id: evaluationId });
  }

  async answersOf(evaluationId: string, db?: Executor): Promise<EvaluationAnswerRow[]> {
    return (db ? answersQuery(db) : this.answersOnPool).execute({ id: evaluationId });
  }

  async upsertAnswer(tx: Executor, values: { evaluationId: string; questionId: number; value: number; timeTaken: number; answeredAt: Date }): Promise<void> {
    await tx
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

  /**
   * Records an answer at `position` of the evaluation's version when the evaluation is incomplete
   * and stays so (RECORD_PROGRESS); when it writes nothing, it reads the evaluation instead, with
   * what scoring needs when this answer completes it. On the pool (`db`): a named prepared
   * statement sent by the driver itself, which a transaction cannot take.
   */
  async recordProgress(
    db: Database,
    evaluationId: string,
    position: number,
    answer: { questionId: number; value: number; timeTaken: number; answeredAt: Date },
  ): Promise<ProgressOutcome> {
    const result = await db.$client.query<RecordProgressRow>({
      ...RECORD_PROGRESS,
      values: [evaluationId, position, answer.questionId, answer.value, answer.timeTaken, answer.answeredAt],
    });
    return progressOutcomeOf(result.rows[0]);
  }

  /** Progress of an incomplete evaluation: counters and the answered values, nothing else. */
  async saveProgress(tx: Executor, evaluationId: string, changes: { answered: number; answerValues: Buffer; updatedAt: Date }): Promise<void> {
    await tx
      .update(evaluations)
      .set({ status: 'in_progress', answered: sql`${sql.placeholder('answered')}`, answerValues: sql`${sql.placeholder('answerValues')}`, updatedAt: sql`${sql.placeholder('updatedAt')}` })
      .where(eq(evaluations.id, id))
      .prepare('evaluation_save_progress')
      .execute({ id: evaluationId, ...changes });
  }

  /**
   * The completing answer in one statement, on the pool (`db`) without the row lock: the answer,
   * the completed evaluation with its results, and its score profile, written only while the row
   * is still the version `evaluation` was read at and incomplete. Whether it was written.
   */
  async completeIfUnchanged(db: Database, evaluation: CompletedEvaluation, changes: Completion): Promise<boolean> {
    const result = await db.$client.query({ ...COMPLETE_UNCHANGED, values: [...completionValues(evaluation, changes), evaluation.rowVersion] });
    return result.rowCount === 1;
  }

  /** The same statement in the caller's transaction, which holds the row lock (lockById). */
  async complete(tx: Executor, evaluation: CompletedEvaluation, changes: Completion): Promise<void> {
    const result = await tx.execute(withParameters(COMPLETE_LOCKED, completionValues(evaluation, changes)));
    if (result.rowCount !== 1) throw new Error(`evaluation ${evaluation.id} vanished inside its transaction`);
  }

  /**
   * A persona's erasure: its evaluations with their answers and score profiles. Removing score
   * profiles gives each team the persona is a member of a new profiles version (the triggers of
   * migration 0005).
   */
  async eraseOfPersona(tx: Executor, personaId: string): Promise<ErasedEvaluations> {
    const own = tx.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.personaId, personaId));
    const answers = await tx.delete(evaluationAnswers).where(inArray(evaluationAnswers.evaluationId, own)).returning({ id: evaluationAnswers.evaluationId });
    const profiles = await tx.delete(evaluationScoreProfiles).where(eq(evaluationScoreProfiles.personaId, personaId)).returning({ id: evaluationScoreProfiles.evaluationId });
    const removed = await tx.delete(evaluations).where(eq(evaluations.personaId, personaId)).returning({ id: evaluations.id });
    return { evaluations: removed.length, answers: answers.length, scoreProfiles: profiles.length };
  }

  /**
   * The retention: up to `limit` complete evaluations completed before `cutoff` of personas that
   * are not ACTIVE (blocked, pending, or no longer there at all), oldest first, erased with their
   * answers and stored score profiles. Counts, and the personas whose score profiles went.
   */
  async eraseRetained(tx: Executor, cutoff: Date, limit: number): Promise<ErasedEvaluations & { profilePersonaIds: string[] }> {
    const due = await tx.execute<{ id: string }>(sql`
      SELECT ${evaluations.id} AS id FROM ${evaluations}
       WHERE ${evaluations.status} = 'complete' AND ${evaluations.completedAt} < ${cutoff.toISOString()}::timestamptz
         AND NOT EXISTS (SELECT 1 FROM ${personas} WHERE ${personas.id} = ${evaluations.personaId} AND ${personas.status} = 'ACTIVE')
       ORDER BY ${evaluations.completedAt}, ${evaluations.id}
       LIMIT ${limit}`);
    const ids = due.rows.map((row) => row.id);
    if (ids.length === 0) return { evaluations: 0, answers: 0, scoreProfiles: 0, profilePersonaIds: [] };
    const idList = sql`${sql.param(ids)}::uuid[]`;
    const answers = await tx.execute(sql`DELETE FROM ${evaluationAnswers} WHERE ${evaluationAnswers.evaluationId} = ANY (${idList})`);
    const profiles = await tx.execute<{ persona_id: string }>(
      sql`DELETE FROM ${evaluationScoreProfiles} WHERE ${evaluationScoreProfiles.evaluationId} = ANY (${idList}) RETURNING ${evaluationScoreProfiles.personaId} AS persona_id`,
    );
    const erased = await tx.execute(sql`DELETE FROM ${evaluations} WHERE ${evaluations.id} = ANY (${idList})`);
    return {
      evaluations: erased.rowCount ?? 0,
      answers: answers.rowCount ?? 0,
      scoreProfiles: profiles.rowCount ?? 0,
      profilePersonaIds: [...new Set(profiles.rows.map((row) => row.persona_id))],
    };
  }

  /**
   * The score profile of each member persona's most recently completed evaluation (the team
   * context, docs/scoring.md); members without one have no row. One indexed query: in the
   * caller's transaction when given (the completing answer), else on the read replica
   * (team-match, compare-team: a member who completed a moment ago may be missing).
   */
  async memberProfiles(teamId: number, from?: ReadFrom): Promise<MemberProfileRow[]> {
    return this.onSide(from, memberProfilesQuery, this.memberProfilesOnPrimary, this.memberProfilesOnPool).execute({ teamId });
  }

  /** What tells whether a cached team context still holds; undefined when the team does not exist. */
  async teamStamp(teamId: number, candidatePersonaId: string | null, from?: ReadFrom): Promise<TeamStamp | undefined> {
    const values = [teamId, candidatePersonaId];
    if (from !== undefined && from !== 'primary') return stampOf((await from.execute<TeamStampRow>(withParameters(TEAM_STAMP.text, values))).rows[0]);
    const pool = from === 'primary' ? this.db : this.reads;
    return stampOf((await pool.$client.query<TeamStampRow>({ ...TEAM_STAMP, values })).rows[0]);
  }

  /** A prepared statement for `from`: built on the transaction, or the one kept for the pool. */
  private onSide<Query>(from: ReadFrom | undefined, build: (db: Executor) => Query, onPrimary: Query, onReplica: Query): Query {
    if (from === undefined) return onReplica;
    return from === 'primary' ? onPrimary : build(from);
  }
}
