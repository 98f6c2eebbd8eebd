import { organisationSchema } from '@teamfit/accounts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Assessment content (docs/assessment.md): question groups, their questions and each question's answers.
 * The organisation service owns and writes these tables; they are declared here, in the owner's
 * library, so that the evaluation service can read the questionnaire through
 * `QuestionnaireDirectory` without SQL of its own (docs/conventions.md, "Data").
 */

export const QUESTION_TYPES = ['MULTIPLE_CHOICE', 'LIKERT'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const LIKERT_ANSWER_SETS = ['important', 'agree', 'usually'] as const;
export type LikertAnswerSet = (typeof LIKERT_ANSWER_SETS)[number];

/** The eight workstyle score types are the scoring engine's; question groups store one of them. */
import { SCORE_TYPES } from '@teamfit/scoring';
export { SCORE_TYPES, type ScoreType } from '@teamfit/scoring';

/** A question answer's text is at most 200 characters (docs/contract.md, "Limits"). */
export const ANSWER_TEXT_MAX_LENGTH = 200;

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const questionGroups = organisationSchema.table(
  'question_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    strapline: text('strapline').notNull(),
    scoreType: text('score_type', { enum: SCORE_TYPES }).notNull(),
    ...timestamps,
  },
  // Unique ignoring case, like every other name on the platform.
  (table) => [uniqueIndex('question_groups_name_key').on(sql`lower(${table.name})`)],
);

/**
 * A question belongs to exactly one group. A group's `questionIds` are derived from this column,
 * never stored twice, so the two cannot disagree. A group that still has questions cannot be
 * deleted (RESTRICT); deleting a question deletes its answers (CASCADE on question_answers).
 */
export const questions = organisationSchema.table(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionGroupId: integer('question_group_id')
      .notNull()
      .references(() => questionGroups.id, { onDelete: 'restrict' }),
    orderIndex: integer('order_index'),
    type: text('type', { enum: QUESTION_TYPES }).notNull(),
    text: text('text').notNull(),
    summary: text('summary'),
    likertAnswerSet: text('likert_answer_set', { enum: LIKERT_ANSWER_SETS }),
    metadata: text('metadata'),
    faking: boolean('faking').notNull(),
    reverseScore: boolean('reverse_score').notNull(),
    ...timestamps,
  },
  (table) => [index('questions_group_order_idx').on(table.questionGroupId, table.orderIndex, table.id)],
);

export const questionAnswers = organisationSchema.table(
  'question_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull(),
    text: text('text'),
    value: integer('value').notNull(),
    ...timestamps,
  },
  (table) => [
    // A question cannot have two answers with one value, nor two with one orderIndex (docs/assessment.md).
    uniqueIndex('question_answers_question_value_key').on(table.questionId, table.value),
    uniqueIndex('question_answers_question_order_key').on(table.questionId, table.orderIndex),
    check('question_answers_text_length', sql`char_length(${table.text}) <= 200`),
  ],
);

/**
 * Content the platform has seeded, one row per seed. The row is written in the seed's own
 * transaction, so a seed runs once per database: concurrent instances wait on its primary key,
 * and content an administrator later edits or deletes is never put back.
 */
export const contentSeeds = organisationSchema.table('content_seeds', {
  key: text('key').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export type QuestionGroupRow = typeof questionGroups.$inferSelect;
export type NewQuestionGroupRow = typeof questionGroups.$inferInsert;
export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestionRow = typeof questions.$inferInsert;
export type QuestionAnswerRow = typeof questionAnswers.$inferSelect;
export type NewQuestionAnswerRow = typeof questionAnswers.$inferInsert;
