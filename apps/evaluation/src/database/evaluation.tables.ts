import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EvaluationResults, QuestionSet } from '../evaluations/evaluation.types';
import { evaluationSchema } from './pg-schema';
import { teams } from './algorithm.tables';

export const EVALUATION_STATUSES = ['pending', 'in_progress', 'complete'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

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
    questionSet: jsonb('question_set').$type<QuestionSet>().notNull(),
    total: integer('total').notNull(),
    answered: integer('answered').notNull().default(0),
    results: jsonb('results').$type<EvaluationResults>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Exactly one active evaluation per persona and team, whatever the concurrency.
    uniqueIndex('evaluations_one_active_key').on(table.personaId, table.teamId).where(sql`${table.status} <> 'complete'`),
    index('evaluations_persona_idx').on(table.personaId, table.createdAt),
    index('evaluations_completed_idx').on(table.personaId, table.completedAt).where(sql`${table.status} = 'complete'`),
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

export type EvaluationRow = typeof evaluations.$inferSelect;
export type EvaluationAnswerRow = typeof evaluationAnswers.$inferSelect;
