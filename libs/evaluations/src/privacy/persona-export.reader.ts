import type { ReadSnapshot } from '@teamfit/database';
import type { EvaluationStatus } from '../evaluation-status';
import type { FixedQuestion } from '../question-set.types';

/** An evaluation of the persona, without its questions (read per batch with `questionsOf`). */
export interface ExportedEvaluationRow {
  id: string;
  teamId: number;
  teamName: string;
  status: EvaluationStatus;
  answered: number;
  total: number;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  /** The questions it was fixed with (read once per version with `questionsOf`). */
  questionnaireVersionId: number;
  /** As stored when the last answer arrived (the evaluation service's EvaluationResultsDto); null until then. */
  results: unknown;
  /** When an administrator invited the persona to it, oldest first (evaluation_invitations; no address is stored there). */
  invitedAt: Date[];
  /** Its human reviews and the persona's contests, in the order recorded (evaluation_reviews). */
  reviews: ExportedReviewRow[];
}

/**
 * A review or contest of an evaluation; `createdMs` is its time in milliseconds since the epoch.
 * The reviewing administrator is left out: an export names no administrator.
 */
export interface ExportedReviewRow {
  id: string;
  kind: 'REVIEW' | 'CONTEST';
  decision: 'CONFIRMED' | 'OVERRIDDEN' | 'EXCLUDED' | null;
  overallScore: number | null;
  reason: string | null;
  message: string | null;
  createdMs: number;
}

/** A question as a questionnaire version fixed it and evaluations serve it, at its position (from 0). */
export type ExportedQuestionRow = Pick<
  FixedQuestion,
  'id' | 'text' | 'summary' | 'type' | 'likertAnswerSet' | 'questionGroupId' | 'questionGroupName' | 'questionGroupTitle'
> & { order: number };

export interface ExportedAnswerRow {
  evaluationId: string;
  questionId: number;
  value: number;
  timeTaken: number;
  answeredAt: Date;
}

export interface ExportedAlgorithmTeamRow {
  id: number;
  name: string;
  organisationId: string | null;
}

/** A lookup entry named in a user record; `name` is null when the entry has since been deleted. */
export interface ExportedLookup {
  id: number;
  name: string | null;
}

export interface ExportedExperienceRow {
  userId: number;
  industries: ExportedLookup[];
  functions: ExportedLookup[];
  skills: ExportedLookup[];
  studyMajors: ExportedLookup[];
  professionalYears: ExportedLookup | null;
  educationLevel: ExportedLookup | null;
}

export interface ExportedGoalsRow {
  userId: number;
  industries: ExportedLookup[];
  functions: ExportedLookup[];
  skills: ExportedLookup[];
  locations: ExportedLookup[];
}

/** Each id of the array column with its lookup's name, in the record's order. */
const namedSet = (column: string, lookup: string) =>
  `(SELECT coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'name', l.name) ORDER BY u.n), '[]'::jsonb)
      FROM unnest(r.${column}) WITH ORDINALITY AS u(id, n) LEFT JOIN evaluation.${lookup} l ON l.id = u.id)`;
const namedOne = (column: string, lookup: string) =>
  `(SELECT jsonb_build_object('id', r.${column}, 'name', (SELECT l.name FROM evaluation.${lookup} l WHERE l.id = r.${column})) WHERE r.${column} IS NOT NULL)`;

/**
 * The evaluation service's read module for a persona's export (the profile service answers it):
 * everything the evaluation schema holds about one persona, read in the caller's snapshot.
 * Owner-maintained SQL, like EvaluationStatistics: the tables are declared in the evaluation
 * service, and this is the one other place that reads them, read-only.
 */
export class EvaluationExportReader {
  constructor(private readonly snapshot: ReadSnapshot) {}

  /** The persona's evaluations, oldest first, with the algorithm team each was made against. */
  evaluations(personaId: string, batchSize: number): AsyncGenerator<ExportedEvaluationRow[], void, undefined> {
    return this.snapshot.batches<ExportedEvaluationRow>(
      `SELECT e.id, e.team_id AS "teamId", t.name AS "teamName", e.status, e.answered, e.total,
              e.created_at AS "createdAt", e.updated_at AS "updatedAt", e.completed_at AS "completedAt",
              e.questionnaire_version_id AS "questionnaireVersionId", e.results,
              ARRAY(SELECT i.invited_at FROM evaluation.evaluation_invitations i WHERE i.evaluation_id = e.id
                     ORDER BY i.invited_at, i.id) AS "invitedAt",
              (SELECT coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind, 'decision', r.decision, 'overallScore', r.overall_score,
                        'reason', r.reason, 'message', r.message,
                        'createdMs', (extract(epoch FROM r.created_at) * 1000)::float8) ORDER BY r.seq), '[]'::jsonb)
                 FROM evaluation.evaluation_reviews r WHERE r.evaluation_id = e.id) AS reviews
         FROM evaluation.evaluations e JOIN evaluation.teams t ON t.id = e.team_id
        WHERE e.persona_id = $1::uuid
        ORDER BY e.created_at, e.id`,
      [personaId],
      batchSize,
    );
  }

  /**
   * The questions of a questionnaire version in delivery order. Evaluations share versions, so a
   * reader asks once per version rather than unpacking the same question set for every evaluation.
   */
  questionsOf(questionnaireVersionId: number): Promise<ExportedQuestionRow[]> {
    return this.snapshot.rows<ExportedQuestionRow>(
      `SELECT (q.position - 1)::int AS "order", (q.item->>'id')::int AS id, q.item->>'text' AS text, q.item->>'summary' AS summary,
              q.item->>'type' AS type, q.item->>'likertAnswerSet' AS "likertAnswerSet", (q.item->>'questionGroupId')::int AS "questionGroupId",
              q.item->>'questionGroupName' AS "questionGroupName", q.item->>'questionGroupTitle' AS "questionGroupTitle"
         FROM evaluation.questionnaire_versions v
        CROSS JOIN LATERAL jsonb_array_elements(v.question_set->'questions') WITH ORDINALITY AS q(item, position)
        WHERE v.id = $1
        ORDER BY q.position`,
      [questionnaireVersionId],
    );
  }

  /** Every answer of these evaluations. */
  answersOf(evaluationIds: readonly string[]): Promise<ExportedAnswerRow[]> {
    return this.snapshot.rows<ExportedAnswerRow>(
      `SELECT evaluation_id AS "evaluationId", question_id AS "questionId", value, time_taken AS "timeTaken", answered_at AS "answeredAt"
         FROM evaluation.evaluation_answers WHERE evaluation_id = ANY ($1::uuid[])`,
      [evaluationIds],
    );
  }

  /** The algorithm teams the persona is a member of (their other members are not the persona's data). */
  algorithmTeams(personaId: string, batchSize: number): AsyncGenerator<ExportedAlgorithmTeamRow[], void, undefined> {
    return this.snapshot.batches<ExportedAlgorithmTeamRow>(
      `SELECT id, name, organisation_id AS "organisationId" FROM evaluation.teams WHERE member_persona_ids @> ARRAY[$1::uuid] ORDER BY id`,
      [personaId],
      batchSize,
    );
  }

  /** The experience record of the persona's integer user id, lookups named. */
  async experience(userNumber: number): Promise<ExportedExperienceRow | null> {
    const [row] = await this.snapshot.rows<ExportedExperienceRow>(
      `SELECT r.user_id AS "userId", ${namedSet('industry_ids', 'industries')} AS industries, ${namedSet('function_ids', 'work_functions')} AS functions,
              ${namedSet('skill_ids', 'skills')} AS skills, ${namedSet('study_major_ids', 'study_majors')} AS "studyMajors",
              ${namedOne('professional_years_id', 'professional_years')} AS "professionalYears", ${namedOne('education_level_id', 'education_levels')} AS "educationLevel"
         FROM evaluation.user_experiences r WHERE r.user_id = $1`,
      [userNumber],
    );
    return row ?? null;
  }

  /** The goal record of the persona's integer user id, lookups named. */
  async goals(userNumber: number): Promise<ExportedGoalsRow | null> {
    const [row] = await this.snapshot.rows<ExportedGoalsRow>(
      `SELECT r.user_id AS "userId", ${namedSet('industry_ids', 'industries')} AS industries, ${namedSet('function_ids', 'work_functions')} AS functions,
              ${namedSet('skill_ids', 'skills')} AS skills, ${namedSet('location_ids', 'locations')} AS locations
         FROM evaluation.user_goals r WHERE r.user_id = $1`,
      [userNumber],
    );
    return row ?? null;
  }
}
