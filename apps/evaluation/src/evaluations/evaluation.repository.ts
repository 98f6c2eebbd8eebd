import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase, InjectPointReads, InjectReadDatabase, type PointReads } from '@teamfit/database';
import { organisations } from '@teamfit/accounts';
import { personas } from '@teamfit/personas';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type EvaluationAnswerRow,
  type EvaluationRow,
  evaluationAnswers,
  evaluationExplanations,
  evaluationScoreProfiles,
  evaluations,
  type EvaluationStatus,
  greenhouseInterviews,
  latestScoreProfileFirst,
  teams,
} from '../database/evaluation.schema';
import type { TeamInputs } from '@teamfit/scoring';
import type { EvaluationResults, ExplainedProfile } from './evaluation.types';

export interface EvaluationFilter {
  personaId: string;
  teamId?: number;
  status?: EvaluationStatus;
}

/** What the answer path reads of an evaluation: ids and counters, no results. */
export type EvaluationState = Omit<EvaluationRow, 'results' | 'completedAt' | 'invitedAt'>;

/** An answer as stored: its question, value, time taken and when. */
export interface AnswerValues {
  questionId: number;
  value: number;
  timeTaken: number;
  answeredAt: Date;
}

/** Whose evaluations an answer may change: every persona's, or only `personaId`'s (null: none). */
export interface AnswerWriter {
  everyPersona: boolean;
  personaId: string | null;
}

/**
 * What recordAnswer did: recorded the answer (the evaluation as it now is), or wrote nothing and
 * read the evaluation as it was (undefined: there is none).
 */
export type AnswerOutcome = { recorded: true; evaluation: EvaluationState } | { recorded: false; evaluation: EvaluationState | undefined };

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
  evaluationId: string;
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

/**
 * What the completing answer decides on, read with the evaluation's row lock: the evaluation, its
 * stored answers (as scoring takes them) and its team's stamp for the evaluation's persona
 * (undefined: the team does not exist).
 */
export interface LockedEvaluation {
  evaluation: EvaluationState;
  answers: AnswerInputRow[];
  teamStamp: TeamStamp | undefined;
  /** The team's organisation (null: none), which the completion's event names. */
  organisationId: string | null;
  /** It was sent through Greenhouse: its completion is to be announced there (GreenhouseCompletion). */
  sentByGreenhouse: boolean;
}

/** The evaluation the completing answer locks: `FOR UPDATE OF` names it unqualified, as an alias. */
const locked = alias(evaluations, 'locked');

/** The state's columns of the evaluations table, or of the completing answer's alias of it. */
const stateColumnsOf = (table: typeof evaluations | typeof locked) => ({
  id: table.id,
  personaId: table.personaId,
  teamId: table.teamId,
  status: table.status,
  questionnaireVersionId: table.questionnaireVersionId,
  total: table.total,
  answered: table.answered,
  answerValues: table.answerValues,
  createdAt: table.createdAt,
  updatedAt: table.updatedAt,
});
const stateColumns = stateColumnsOf(evaluations);

const summaryColumns = {
  id: evaluations.id,
  personaId: evaluations.personaId,
  teamId: evaluations.teamId,
  status: evaluations.status,
  total: evaluations.total,
  answered: evaluations.answered,
  createdAt: evaluations.createdAt,
  updatedAt: evaluations.updatedAt,
  invitedAt: evaluations.invitedAt,
};

const id = sql.placeholder('id');

const latestFirst = sql.raw(latestScoreProfileFirst('"evaluation_score_profiles"'));

/** The evaluation's columns as the answer statement returns them (the driver's own names). */
const stateSql = (table: string) =>
  `${table}.id, ${table}.persona_id, ${table}.team_id, ${table}.status, ${table}.questionnaire_version_id, ${table}.total, ${table}.answered, ${table}.answer_values, ${table}.created_at, ${table}.updated_at`;

/**
 * The answer that leaves its evaluation incomplete, in one statement. The answer's position in
 * the evaluation's values is found through its questionnaire version's question ids; the
 * evaluation row is updated (which locks it) only while the caller may write it, the question is
 * one of its version's, and it stays incomplete after this answer; the answer row is written only
 * when that update happened. Concurrent answers to one evaluation queue on the row lock and
 * re-check the condition against the row as the one before them left it. When it writes nothing,
 * the same statement reads the row instead (as of its snapshot), for the caller to tell why.
 *
 * Plain SQL sent by the driver as a named prepared statement: drizzle has no UPDATE … FROM a CTE
 * feeding an INSERT, and building the statement on each call would cost more than running it.
 * $1 evaluation id, $2 question id, $3 value, $4 time taken, $5 now, $6 every persona may be
 * written, $7 the one persona that may be (NULL: none but by $6).
 */
const RECORD_ANSWER = {
  name: 'evaluation_record_answer',
  text: `WITH target AS (
    SELECT e.id, array_position(v.question_ids, $2::int) - 1 AS position
      FROM evaluation.evaluations AS e JOIN evaluation.questionnaire_versions AS v ON v.id = e.questionnaire_version_id
     WHERE e.id = $1::uuid
  ), progressed AS (
    UPDATE evaluation.evaluations AS e
       SET answer_values = set_byte(e.answer_values, t.position, $3::int),
           answered = e.answered + (get_byte(e.answer_values, t.position) = 0)::int,
           status = 'in_progress',
           updated_at = $5::timestamptz
      FROM target AS t
     WHERE e.id = t.id AND t.position IS NOT NULL AND ($6::boolean OR e.persona_id = $7::uuid)
       AND e.status <> 'complete' AND e.answered + (get_byte(e.answer_values, t.position) = 0)::int < e.total
    RETURNING ${stateSql('e')}
  ), recorded AS (
    INSERT INTO evaluation.evaluation_answers (evaluation_id, question_id, value, time_taken, answered_at)
    SELECT id, $2::int, $3::int, $4::int, $5::timestamptz FROM progressed
    ON CONFLICT (evaluation_id, question_id) DO UPDATE SET value = excluded.value, time_taken = excluded.time_taken, answered_at = excluded.answered_at
  )
  SELECT true AS recorded, ${stateSql('progressed')} FROM progressed
  UNION ALL
  SELECT false, ${stateSql('e')} FROM evaluation.evaluations AS e WHERE e.id = $1::uuid AND NOT EXISTS (SELECT FROM progressed)`,
} as const;

/** A RECORD_ANSWER row as the driver returns it. */
interface RecordAnswerRow {
  recorded: boolean;
  id: string;
  persona_id: string;
  team_id: number;
  status: EvaluationStatus;
  questionnaire_version_id: number;
  total: number;
  answered: number;
  answer_values: Buffer;
  created_at: Date;
  updated_at: Date;
}

function answerOutcomeOf(row: RecordAnswerRow | undefined): AnswerOutcome {
  if (!row) return { recorded: false, evaluation: undefined };
  const evaluation: EvaluationState = {
    id: row.id,
    personaId: row.persona_id,
    teamId: row.team_id,
    status: row.status,
    questionnaireVersionId: row.questionnaire_version_id,
    total: row.total,
    answered: row.answered,
    answerValues: row.answer_values,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  return { recorded: row.recorded, evaluation };
}

type CompletedEvaluation = Pick<EvaluationState, 'id' | 'personaId' | 'questionnaireVersionId'>;

interface Completion {
  answer: AnswerValues;
  answered: number;
  answerValues: Buffer;
  results: EvaluationResults;
  levels: (number | null)[];
  /** What the results were computed from beyond the answers and the version (evaluation_explanations). */
  explanation: { teamProfiles: ExplainedProfile[]; teamInputs: TeamInputs };
}

/*
 * The hot statements are named prepared statements: PostgreSQL parses and plans each once per
 * connection. On the pool they are built once; inside a transaction they are built on it (drizzle
 * binds a prepared query to its connection) under the same name, so the server-side plan is reused.
 */
const answersQuery = (db: Executor) =>
  db.select().from(evaluationAnswers).where(eq(evaluationAnswers.evaluationId, id)).prepare('evaluation_answers_of');
const memberProfilesQuery = (db: Executor) =>
  db
    .selectDistinctOn([evaluationScoreProfiles.personaId], {
      personaId: evaluationScoreProfiles.personaId,
      evaluationId: evaluationScoreProfiles.evaluationId,
      questionnaireVersionId: evaluationScoreProfiles.questionnaireVersionId,
      answerValues: evaluationScoreProfiles.answerValues,
      profilesVersion:
        sql<number>`(SELECT ${teams.profilesVersion} FROM ${teams} WHERE ${teams.id} = ${sql.placeholder('teamId')})`.mapWith(Number),
    })
    .from(evaluationScoreProfiles)
    // The member list stays in the database: one index probe per member, no uuid array round trip.
    .where(
      sql`${evaluationScoreProfiles.personaId} = ANY ((SELECT ${teams.memberPersonaIds} FROM ${teams} WHERE ${teams.id} = ${sql.placeholder('teamId')})::uuid[])`,
    )
    .orderBy(evaluationScoreProfiles.personaId, latestFirst)
    .prepare('evaluation_member_profiles');

const candidate = sql`${sql.placeholder('candidate')}::uuid`;
/** The candidate's latest score profile when they are a member of the team (the one that counts for a member). */
const candidateProfileOf = (db: Executor, candidate: SQL) =>
  db
    .select({ questionnaireVersionId: evaluationScoreProfiles.questionnaireVersionId, answerValues: evaluationScoreProfiles.answerValues })
    .from(evaluationScoreProfiles)
    .where(and(sql`${evaluationScoreProfiles.personaId} = ${candidate}`, sql`${candidate} = ANY (${teams.memberPersonaIds})`))
    .orderBy(latestFirst)
    .limit(1)
    .as('candidate_profile');
/** The stamp's columns for `candidate`, read from `teams` and the lateral `profile` (candidateProfileOf) of the statement. */
const stampColumns = (candidate: SQL, profile: ReturnType<typeof candidateProfileOf>) => ({
  profilesVersion: teams.profilesVersion,
  candidateIsMember: sql<boolean>`coalesce(${candidate} = ANY (${teams.memberPersonaIds}), false)`,
  includesCandidate: sql<boolean>`coalesce((SELECT ${organisations.includeMatchUserInTeam} FROM ${organisations} WHERE ${organisations.id} = ${teams.organisationId}), false)`,
  candidateVersionId: profile.questionnaireVersionId,
  candidateValues: profile.answerValues,
});
/**
 * What tells whether a cached team context still holds, in one statement: the team's profiles
 * version, whether the candidate (NULL: nobody) is a member, whether the team's organisation
 * counts a member who is the candidate (`includeMatchUserInTeam`, the organisation service's
 * table as its library declares it, read on every use: one primary-key probe), and the
 * candidate's own latest score profile when they are a member.
 */
const teamStampQuery = (db: Executor) => {
  const profile = candidateProfileOf(db, candidate);
  return db
    .select(stampColumns(candidate, profile))
    .from(teams)
    .leftJoinLateral(profile, sql`true`)
    .where(eq(teams.id, sql.placeholder('teamId')))
    .prepare('evaluation_team_stamp');
};

/** The same row as the locking statement's snapshot holds it (its `xmin`), beside the row it locked. */
const inSnapshot = alias(evaluations, 'in_snapshot');
/**
 * The completing answer's one read, which takes the evaluation's row lock (`FOR UPDATE OF` the
 * evaluation only): the evaluation, its stored answers as one json array of
 * [questionId, value, timeTaken], its team's stamp for its persona (teamStampQuery's columns),
 * and whether Greenhouse sent it (one index probe, so an evaluation it did not send costs its
 * completion no statement more).
 *
 * The answers and the stamp are read in the statement's snapshot, taken before any wait for the
 * lock; the row it locks is the newest. Every write of an answer changes the evaluation row in the
 * same transaction, so the answers are the locked row's exactly when the snapshot's row is the
 * locked one: `snapshotXmin` equals `xmin`. When they differ (the statement waited for a
 * concurrent answer), the caller reads again: holding the lock, nothing can change them then.
 */
const lockForCompletionQuery = (db: Executor) => {
  const persona = sql`${locked.personaId}`;
  const profile = candidateProfileOf(db, persona);
  return db
    .select({
      ...stateColumnsOf(locked),
      xmin: sql<string>`${locked}.xmin::text`,
      snapshotXmin: sql<
        string | null
      >`(SELECT ${inSnapshot}.xmin::text FROM ${evaluations} AS ${inSnapshot} WHERE ${inSnapshot.id} = ${locked.id})`,
      answers: sql<
        Array<[number, number, number]>
      >`(SELECT coalesce(json_agg(json_build_array(${evaluationAnswers.questionId}, ${evaluationAnswers.value}, ${evaluationAnswers.timeTaken})), '[]'::json) FROM ${evaluationAnswers} WHERE ${evaluationAnswers.evaluationId} = ${locked.id})`,
      teamFound: sql<boolean>`${teams.id} IS NOT NULL`,
      teamOrganisationId: teams.organisationId,
      sentByGreenhouse: sql<boolean>`EXISTS (SELECT 1 FROM ${greenhouseInterviews} WHERE ${greenhouseInterviews.evaluationId} = ${locked.id})`,
      ...stampColumns(persona, profile),
    })
    .from(locked)
    .leftJoin(teams, eq(teams.id, locked.teamId))
    .leftJoinLateral(profile, sql`true`)
    .where(eq(locked.id, id))
    .for('update', { of: locked })
    .prepare('evaluation_lock_for_completion');
};

/**
 * The one gateway that writes evaluations, evaluation_answers, evaluation_score_profiles and
 * evaluation_explanations (the completing answer writes all four in one statement): plain rows in, plain rows out. Writes take
 * the transaction (or the pool) first; reads take the transaction they run in, or else read the
 * replica (scoring inputs that tolerate a little lag) or the primary, as each method says.
 */
@Injectable()
export class EvaluationRepository {
  private readonly byId;
  private readonly stateById;
  private readonly memberProfilesOnReplica;
  private readonly teamStampOnReplica;
  private readonly answersOnPool;

  constructor(
    @InjectDatabase() private readonly db: Database,
    @InjectReadDatabase() reads: Database,
    @InjectPointReads() pointReads: PointReads,
  ) {
    // Plain point reads, which no row lock holds up.
    this.byId = pointReads.db.select().from(evaluations).where(eq(evaluations.id, id)).limit(1).prepare('evaluation_by_id');
    this.stateById = pointReads.db
      .select(stateColumns)
      .from(evaluations)
      .where(eq(evaluations.id, id))
      .limit(1)
      .prepare('evaluation_state_by_id');
    // Other members' completed evaluations: scoring inputs that tolerate a little lag. The stamp
    // and the profiles are read on the same side, and each cache label is exactly its snapshot's.
    this.memberProfilesOnReplica = memberProfilesQuery(reads);
    this.teamStampOnReplica = teamStampQuery(reads);
    this.answersOnPool = answersQuery(db);
  }

  async findById(evaluationId: string): Promise<EvaluationRow | undefined> {
    const [row] = await this.byId.execute({ id: evaluationId });
    return row;
  }

  /** The organisation of an algorithm team (null: none), for the events that name the evaluation's organisation. */
  async teamOrganisationId(teamId: number, db: Executor = this.db): Promise<string | null> {
    const [row] = await db.select({ organisationId: teams.organisationId }).from(teams).where(eq(teams.id, teamId));
    return row?.organisationId ?? null;
  }

  /** The evaluation without its results (the comparisons score it afresh). */
  async findState(evaluationId: string): Promise<EvaluationState | undefined> {
    const [row] = await this.stateById.execute({ id: evaluationId });
    return row;
  }

  /**
   * Locks the evaluation for the rest of the transaction (answers to it are serialised) and reads,
   * in the same statement, what completing it needs: its stored answers and its team's stamp for
   * its persona (lockForCompletionQuery). A second read only when the statement waited for a
   * concurrent answer. Undefined: there is no such evaluation.
   */
  async lockForCompletion(tx: Executor, evaluationId: string): Promise<LockedEvaluation | undefined> {
    const query = lockForCompletionQuery(tx);
    let [row] = await query.execute({ id: evaluationId });
    if (row && row.snapshotXmin !== row.xmin) [row] = await query.execute({ id: evaluationId });
    if (!row) return undefined;
    const {
      xmin,
      snapshotXmin,
      answers,
      teamFound,
      teamOrganisationId,
      sentByGreenhouse,
      profilesVersion,
      candidateIsMember,
      includesCandidate,
      candidateVersionId,
      candidateValues,
      ...evaluation
    } = row;
    if (snapshotXmin !== xmin) throw new Error(`evaluation ${evaluationId} changed while locked`);
    const candidateProfile =
      candidateVersionId === null || candidateValues === null
        ? null
        : { questionnaireVersionId: candidateVersionId, answerValues: candidateValues };
    const teamStamp =
      teamFound && profilesVersion !== null ? { profilesVersion, candidateIsMember, includesCandidate, candidateProfile } : undefined;
    return {
      evaluation,
      answers: answers.map(([questionId, value, timeTaken]) => ({ questionId, value, timeTaken })),
      teamStamp,
      organisationId: teamOrganisationId,
      sentByGreenhouse,
    };
  }

  async findActive(personaId: string, teamId: number, db: Executor = this.db): Promise<EvaluationRow | undefined> {
    const [row] = await db
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
    const rows = await this.db
      .select(summaryColumns)
      .from(evaluations)
      .where(where)
      .orderBy(desc(evaluations.createdAt), asc(evaluations.id));
    return { rows, total: rows.length };
  }

  async answersOf(evaluationId: string): Promise<EvaluationAnswerRow[]> {
    return this.answersOnPool.execute({ id: evaluationId });
  }

  /**
   * Records an answer that leaves the evaluation incomplete, in one statement (RECORD_ANSWER),
   * when `writer` may change it and the question is one of its version's; otherwise writes nothing
   * and reads the evaluation as it is. On the pool (`db`): a named prepared statement sent by the
   * driver itself.
   */
  async recordAnswer(db: Database, evaluationId: string, answer: AnswerValues, writer: AnswerWriter): Promise<AnswerOutcome> {
    const values = [
      evaluationId,
      answer.questionId,
      answer.value,
      answer.timeTaken,
      answer.answeredAt,
      writer.everyPersona,
      writer.personaId,
    ];
    const result = await db.$client.query<RecordAnswerRow>({ ...RECORD_ANSWER, values });
    return answerOutcomeOf(result.rows[0]);
  }

  /**
   * An answer that, under the row lock, leaves the evaluation incomplete (it met a concurrent
   * answer), in one statement: the evaluation's progress (counters, answered values) and the answer.
   */
  async recordProgress(
    tx: Executor,
    evaluationId: string,
    answer: AnswerValues,
    progress: { answered: number; answerValues: Buffer },
  ): Promise<void> {
    const result = await tx.execute(sql`
      WITH progressed AS (
        UPDATE ${evaluations}
           SET status = 'in_progress', answered = ${progress.answered}::int, answer_values = ${progress.answerValues}::bytea, updated_at = ${answer.answeredAt}::timestamptz
         WHERE ${evaluations.id} = ${evaluationId}::uuid
        RETURNING ${evaluations.id} AS id
      )
      INSERT INTO ${evaluationAnswers} (evaluation_id, question_id, value, time_taken, answered_at)
      SELECT id, ${answer.questionId}::int, ${answer.value}::int, ${answer.timeTaken}::int, ${answer.answeredAt}::timestamptz FROM progressed
      ON CONFLICT (evaluation_id, question_id) DO UPDATE SET value = excluded.value, time_taken = excluded.time_taken, answered_at = excluded.answered_at`);
    if (result.rowCount !== 1) throw new Error(`evaluation ${evaluationId} vanished inside its transaction`);
  }

  /**
   * The completing answer in one statement, in the caller's transaction, which holds the row lock
   * (lockForCompletion): the evaluation completed with its results, the answer, the score profile,
   * and what the results were computed from (evaluation_explanations, written here too so that a
   * completed evaluation never lacks it: docs/adr/0084-item-statistics-and-explanations.md).
   */
  async complete(
    tx: Executor,
    evaluation: CompletedEvaluation,
    { answer, answered, answerValues, results, levels, explanation }: Completion,
  ): Promise<void> {
    const result = await tx.execute(sql`
      WITH completed AS (
        UPDATE ${evaluations}
           SET status = 'complete', answered = ${answered}::int, answer_values = ${answerValues}::bytea, results = ${JSON.stringify(results)}::jsonb,
               completed_at = ${answer.answeredAt}::timestamptz, updated_at = ${answer.answeredAt}::timestamptz
         WHERE ${evaluations.id} = ${evaluation.id}::uuid
        RETURNING ${evaluations.id} AS id
      ), recorded AS (
        INSERT INTO ${evaluationAnswers} (evaluation_id, question_id, value, time_taken, answered_at)
        SELECT id, ${answer.questionId}::int, ${answer.value}::int, ${answer.timeTaken}::int, ${answer.answeredAt}::timestamptz FROM completed
        ON CONFLICT (evaluation_id, question_id) DO UPDATE SET value = excluded.value, time_taken = excluded.time_taken, answered_at = excluded.answered_at
      ), explained AS (
        INSERT INTO ${evaluationExplanations} (evaluation_id, team_profiles, team_inputs)
        SELECT id, ${JSON.stringify(explanation.teamProfiles)}::jsonb, ${JSON.stringify(explanation.teamInputs)}::jsonb FROM completed
      )
      INSERT INTO ${evaluationScoreProfiles} (evaluation_id, persona_id, questionnaire_version_id, completed_at, answer_values, levels)
      SELECT id, ${evaluation.personaId}::uuid, ${evaluation.questionnaireVersionId}::int, ${answer.answeredAt}::timestamptz, ${answerValues}::bytea, ${sql.param(levels)}::float8[]
        FROM completed`);
    if (result.rowCount !== 1) throw new Error(`evaluation ${evaluation.id} vanished inside its transaction`);
  }

  /**
   * Notes an invitation on the evaluation (`invited_at`, the newest of its invitations), in the
   * invitation's transaction, after its e-mail was handed over: the row lock is held only until
   * that commits. Never moves it back, whichever of two concurrent invitations writes last.
   */
  async recordInvitation(tx: Executor, evaluationId: string, invitedAt: Date): Promise<void> {
    await tx
      .update(evaluations)
      .set({ invitedAt: sql`greatest(${evaluations.invitedAt}, ${invitedAt.toISOString()}::timestamptz)` })
      .where(eq(evaluations.id, evaluationId));
  }

  /**
   * A persona's erasure: its evaluations with their answers and score profiles. Removing score
   * profiles gives each team the persona is a member of a new profiles version (the triggers of
   * migration 0005).
   */
  async eraseOfPersona(tx: Executor, personaId: string): Promise<ErasedEvaluations> {
    const own = tx.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.personaId, personaId));
    const answers = await tx
      .delete(evaluationAnswers)
      .where(inArray(evaluationAnswers.evaluationId, own))
      .returning({ id: evaluationAnswers.evaluationId });
    const profiles = await tx
      .delete(evaluationScoreProfiles)
      .where(eq(evaluationScoreProfiles.personaId, personaId))
      .returning({ id: evaluationScoreProfiles.evaluationId });
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
  async memberProfiles(teamId: number, from?: Executor): Promise<MemberProfileRow[]> {
    return (from ? memberProfilesQuery(from) : this.memberProfilesOnReplica).execute({ teamId });
  }

  /** What tells whether a cached team context still holds; undefined when the team does not exist. In `from`'s transaction, else on the replica. */
  async teamStamp(teamId: number, candidatePersonaId: string | null, from?: Executor): Promise<TeamStamp | undefined> {
    const [row] = await (from ? teamStampQuery(from) : this.teamStampOnReplica).execute({ teamId, candidate: candidatePersonaId });
    if (!row) return undefined;
    const { candidateVersionId, candidateValues, ...stamp } = row;
    const candidateProfile =
      candidateVersionId === null || candidateValues === null
        ? null
        : { questionnaireVersionId: candidateVersionId, answerValues: candidateValues };
    return { ...stamp, candidateProfile };
  }
}
