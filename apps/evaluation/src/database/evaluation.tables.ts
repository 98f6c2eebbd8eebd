import { EVALUATION_STATUSES, type EvaluationStatus } from '@teamfit/evaluations';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TeamInputs } from '@teamfit/scoring';
import type { EvaluationResults, ExplainedProfile, QuestionSet } from '../evaluations/evaluation.types';
import { evaluationSchema } from './pg-schema';
import { teams } from './algorithm.tables';

export { EVALUATION_STATUSES, type EvaluationStatus };

/** Raw bytes; node-postgres reads bytea as a Buffer and writes a Buffer as bytea. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A question set as an evaluation fixed it at creation, stored once and shared by every evaluation
 * fixed with the same content: keyed by the sha256 of its canonical JSON (jsonb's own text form,
 * see question-set-hash.ts), never changed once written.
 */
export const questionnaireVersions = evaluationSchema.table('questionnaire_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  hash: text('hash').notNull().unique('questionnaire_versions_hash_key'),
  questionSet: jsonb('question_set').$type<QuestionSet>().notNull(),
  /**
   * The set's question ids in its order, derived by PostgreSQL (migration 0007's function): where
   * an answer's question sits in an evaluation's values, found by the answer statement itself.
   */
  questionIds: integer('question_ids')
    .array()
    .notNull()
    .generatedAlwaysAs(sql`"evaluation"."question_ids_of"("question_set")`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const evaluations = evaluationSchema.table(
  'evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personaId: uuid('persona_id').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    status: text('status', { enum: EVALUATION_STATUSES }).notNull().default('pending'),
    /** The questions fixed when the evaluation was created, in delivery order. */
    questionnaireVersionId: integer('questionnaire_version_id')
      .notNull()
      .references(() => questionnaireVersions.id),
    total: integer('total').notNull(),
    answered: integer('answered').notNull().default(0),
    /**
     * One byte per question of the version, in its order: the answer's value, 0 while unanswered.
     * It finds the next question and the progress without reading the answers (the answers table
     * stays the record of every answer with its time).
     */
    answerValues: bytea('answer_values').notNull(),
    results: jsonb('results').$type<EvaluationResults>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * When an administrator last invited the persona (null: never): the newest row of
     * evaluation_invitations, kept here by the invitation's own transaction so the reads of the
     * evaluation (GET /evaluation/:id above all) carry it without a second table
     * (docs/adr/0077-evaluation-invitations.md).
     */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Exactly one active evaluation per persona and team, whatever the concurrency.
    uniqueIndex('evaluations_one_active_key')
      .on(table.personaId, table.teamId)
      .where(sql`${table.status} <> 'complete'`),
    index('evaluations_persona_idx').on(table.personaId, table.createdAt),
    index('evaluations_completed_idx')
      .on(table.personaId, table.completedAt)
      .where(sql`${table.status} = 'complete'`),
  ],
);

export const evaluationAnswers = evaluationSchema.table(
  'evaluation_answers',
  {
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    value: integer('value').notNull(),
    timeTaken: integer('time_taken').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.evaluationId, table.questionId] }),
    check('evaluation_answers_value_check', sql`${table.value} BETWEEN 1 AND 5`),
    check('evaluation_answers_time_taken_check', sql`${table.timeTaken} >= 0`),
  ],
);

/**
 * Every invitation an administrator sent for an evaluation (docs/adr/0077-evaluation-invitations.md):
 * re-inviting adds a row, the newest is the evaluation's `invited_at`. No e-mail address is kept:
 * the address is the persona's, read when the invitation is sent, so erasing or exporting the
 * persona needs nothing from here but the rows that go with its evaluations (ON DELETE CASCADE).
 * `invited_by` is the inviting account's id, not a foreign key: accounts are another service's.
 */
export const evaluationInvitations = evaluationSchema.table(
  'evaluation_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An evaluation's invitations in order (the persona export), and the cascade's lookup.
  (table) => [index('evaluation_invitations_evaluation_idx').on(table.evaluationId, table.invitedAt)],
);

export const REVIEW_KINDS = ['REVIEW', 'CONTEST'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const REVIEW_DECISIONS = ['CONFIRMED', 'OVERRIDDEN', 'EXCLUDED'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * The human review of completed evaluations (docs/adr/0085-human-review-and-contest.md): an
 * administrator's reviews and the persona's contests, appended and never changed (no code path
 * updates or deletes a row; the rows go with their evaluation, ON DELETE CASCADE, on erasure and
 * retention). `seq` is the order they were appended in: reviews and contests of one evaluation are
 * appended under one lock, so a contest is resolved exactly by the first review appended after it.
 * `account_id` is the reviewing administrator's account (another service's, so no foreign key);
 * null for a contest, which the evaluation's own persona makes.
 */
export const evaluationReviews = evaluationSchema.table(
  'evaluation_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REVIEW_KINDS }).notNull(),
    decision: text('decision', { enum: REVIEW_DECISIONS }),
    /** OVERRIDDEN only: the overall score the reviewer decided, shown beside the computed one. */
    overallScore: doublePrecision('overall_score'),
    /** A review's reason. */
    reason: text('reason'),
    /** A contest's message. */
    message: text('message'),
    accountId: uuid('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An evaluation's entries in order (the list, and the latest review a shortlist shows, read backwards).
    index('evaluation_reviews_evaluation_idx').on(table.evaluationId, table.seq),
    check(
      'evaluation_reviews_shape_check',
      sql`(${table.kind} = 'REVIEW' AND ${table.decision} IS NOT NULL AND ${table.reason} IS NOT NULL AND ${table.message} IS NULL AND ${table.accountId} IS NOT NULL
            AND (${table.decision} = 'OVERRIDDEN') = (${table.overallScore} IS NOT NULL))
        OR (${table.kind} = 'CONTEST' AND ${table.decision} IS NULL AND ${table.reason} IS NULL AND ${table.overallScore} IS NULL AND ${table.message} IS NOT NULL AND ${table.accountId} IS NULL)`,
    ),
    check('evaluation_reviews_overall_score_check', sql`${table.overallScore} BETWEEN 0 AND 100`),
  ],
);

/**
 * What scoring needs of a completed evaluation, written in the transaction that completes it:
 * its values in its version's question order and its level per dimension (group order, null
 * where nothing was answered). Team contexts read one such row per member, never their answers.
 */
export const evaluationScoreProfiles = evaluationSchema.table(
  'evaluation_score_profiles',
  {
    evaluationId: uuid('evaluation_id')
      .primaryKey()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id').notNull(),
    questionnaireVersionId: integer('questionnaire_version_id')
      .notNull()
      .references(() => questionnaireVersions.id),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    answerValues: bytea('answer_values').notNull(),
    levels: doublePrecision('levels').array().$type<(number | null)[]>().notNull(),
  },
  (table) => [
    // Each persona's latest profile first: the team context reads the first row per member.
    index('evaluation_score_profiles_latest_idx').on(table.personaId, table.completedAt.desc(), table.evaluationId),
    // A version's completed evaluations, for its item statistics (GET /reports/item-statistics).
    index('evaluation_score_profiles_version_idx').on(table.questionnaireVersionId),
  ],
);

/**
 * What a completed evaluation's results were computed from beyond its own answers and version
 * (docs/fairness.md, "Explanations"), written by the transaction that completes it: the member
 * profiles of the team context (evaluation and questionnaire version ids, no persona) and the
 * team's inputs to the formulas (members' levels per dimension and sub-group, TOP_TEN item sums).
 * Evaluations completed before this table existed have no row (their explanation is a 409).
 */
export const evaluationExplanations = evaluationSchema.table('evaluation_explanations', {
  evaluationId: uuid('evaluation_id')
    .primaryKey()
    .references(() => evaluations.id, { onDelete: 'cascade' }),
  teamProfiles: jsonb('team_profiles').$type<ExplainedProfile[]>().notNull(),
  teamInputs: jsonb('team_inputs').$type<TeamInputs>().notNull(),
});

/**
 * Which of a persona's score profiles counts (a member's in a team context, a candidate's in a
 * shortlist): the most recently completed one, the lower evaluation id on a tie, as
 * `evaluation_score_profiles_latest_idx` orders them. `table` is how the statement names the table.
 */
export const latestScoreProfileFirst = (table: string): string => `${table}.completed_at DESC NULLS LAST, ${table}.evaluation_id ASC`;

export type QuestionnaireVersionRow = typeof questionnaireVersions.$inferSelect;
export type EvaluationRow = typeof evaluations.$inferSelect;
export type EvaluationAnswerRow = typeof evaluationAnswers.$inferSelect;
export type EvaluationInvitationRow = typeof evaluationInvitations.$inferSelect;
export type EvaluationExplanationRow = typeof evaluationExplanations.$inferSelect;
export type EvaluationReviewRow = typeof evaluationReviews.$inferSelect;
