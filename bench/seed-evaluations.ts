// Completed evaluations written straight into the tables, for benchmarks that need thousands.
import { answersFromValues, compactProfile, compactQuestionnaire } from '@teamfit/scoring';
import type { Client } from 'pg';
import type { QuestionSet } from '../apps/evaluation/src/evaluations/evaluation.types';
import { scoringQuestionnaire } from '../apps/evaluation/src/evaluations/question-set';

export interface SeededEvaluation {
  id: string;
  answer_values: Buffer;
  questionnaire_version_id: number;
}

/**
 * One completed evaluation per persona, on the questionnaire version the real evaluation
 * `versionFrom` fixed (so the question set is the platform's own), with random values 1-5 from
 * PostgreSQL's seeded generator, and each evaluation's score profile holding the levels libs/scoring
 * computes from those values, as a completion stores them. Answer rows are not written (the
 * caller adds them when it reads them). Runs in the caller's transaction, if it opened one.
 */
export async function insertCompletedEvaluations(
  db: Client,
  options: {
    personaIds: string[];
    versionFrom: string;
    seed: number;
    /** The evaluations' algorithm team; by default `versionFrom`'s. */
    teamId?: number;
    /** Completion times spread over the last 30 days instead of all now. */
    spreadCompletions?: boolean;
  },
): Promise<SeededEvaluation[]> {
  await db.query('SELECT setseed($1)', [options.seed]);
  const inserted = await db.query<SeededEvaluation>(
    `INSERT INTO evaluation.evaluations (persona_id, team_id, status, questionnaire_version_id, total, answered, answer_values, completed_at)
     SELECT p, coalesce($2, source.team_id), 'complete', source.questionnaire_version_id, source.total, source.total,
            (SELECT decode(string_agg(lpad(to_hex(1 + floor(random() * 5)::int), 2, '0'), ''), 'hex') FROM generate_series(1, source.total + 0 * length(p::text))),
            CASE WHEN $4 THEN now() - random() * interval '30 days' ELSE now() END
       FROM unnest($1::uuid[]) AS p, (SELECT team_id, questionnaire_version_id, total FROM evaluation.evaluations WHERE id = $3) AS source
     RETURNING id, answer_values, questionnaire_version_id`,
    [options.personaIds, options.teamId ?? null, options.versionFrom, options.spreadCompletions === true],
  );
  const version = await db.query<{ question_set: QuestionSet }>(
    'SELECT v.question_set FROM evaluation.questionnaire_versions v JOIN evaluation.evaluations e ON e.questionnaire_version_id = v.id WHERE e.id = $1',
    [options.versionFrom],
  );
  const compact = compactQuestionnaire(scoringQuestionnaire((version.rows[0] as { question_set: QuestionSet }).question_set));
  const profiles = inserted.rows.map((row) => ({
    id: row.id,
    levels: compactProfile(compact, answersFromValues(compact, row.answer_values)).levels,
  }));
  await db.query(
    `INSERT INTO evaluation.evaluation_score_profiles (evaluation_id, persona_id, questionnaire_version_id, completed_at, answer_values, levels)
     SELECT e.id, e.persona_id, e.questionnaire_version_id, e.completed_at, e.answer_values,
            ARRAY(SELECT l::float8 FROM jsonb_array_elements_text(p.profile->'levels') AS l)
       FROM jsonb_array_elements($1::jsonb) AS p(profile) JOIN evaluation.evaluations AS e ON e.id = (p.profile->>'id')::uuid`,
    [JSON.stringify(profiles)],
  );
  return inserted.rows;
}
