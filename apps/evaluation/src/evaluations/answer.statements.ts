import { latestScoreProfileFirst } from '../database/evaluation.schema';

/*
 * The answer path's statements, in plain SQL: named prepared statements the driver sends itself.
 * drizzle has no INSERT … SELECT FROM a data-modifying CTE with parameters, and building such a
 * statement per call cost more than the rest of the answer (profiled).
 */

/**
 * What tells whether a cached team context still holds, for the team row `t` and the candidate
 * `candidate` (a uuid expression, NULL for nobody): the team's profiles version, whether the
 * candidate is a member, whether the team's organisation counts a member who is the candidate
 * (`includeMatchUserInTeam`, read on every use: one primary-key probe), and the candidate's own
 * latest score profile when they are a member. Needs `teamStampJoin` for the profile.
 */
const teamStampColumns = (candidate: string) => `t.id AS stamp_team_id,
       t.profiles_version::text AS profiles_version,
       coalesce(${candidate} = ANY (t.member_persona_ids), false) AS candidate_is_member,
       coalesce((SELECT o.include_match_user_in_team FROM organisation.organisations AS o WHERE o.id = t.organisation_id), false) AS includes_candidate,
       cp.questionnaire_version_id AS candidate_version_id,
       cp.answer_values AS candidate_values`;

/** The candidate's latest profile, the one that counts for a member. */
const teamStampJoin = (candidate: string) => `LEFT JOIN LATERAL (
         SELECT p.questionnaire_version_id, p.answer_values FROM evaluation.evaluation_score_profiles AS p
          WHERE p.persona_id = ${candidate} AND ${candidate} = ANY (t.member_persona_ids)
          ORDER BY ${latestScoreProfileFirst('p')} LIMIT 1) AS cp ON true`;

/** $1: the team id, $2: the candidate persona (may be NULL). */
export const TEAM_STAMP = {
  name: 'evaluation_team_stamp',
  text: `SELECT ${teamStampColumns('$2::uuid')}
  FROM evaluation.teams AS t
  ${teamStampJoin('$2::uuid')}
 WHERE t.id = $1::int`,
} as const;

/** A team stamp row as the driver returns it (bigint as text). */
export type TeamStampRow = {
  stamp_team_id: number | null;
  profiles_version: string | null;
  candidate_is_member: boolean | null;
  includes_candidate: boolean | null;
  candidate_version_id: number | null;
  candidate_values: Buffer | null;
};

/** The row as read: the answer at $2 (a position) is the last one missing, to a row not yet complete. */
const completesAsRead = `e.status <> 'complete' AND e.answered = e.total - 1 AND get_byte(e.answer_values, $2::int) = 0`;

/**
 * An answer that leaves its evaluation incomplete, in one statement: the evaluation row is
 * updated (which locks it) only while it stays incomplete after this answer, and the answer row
 * is written only when that update happened. Concurrent answers to one evaluation queue on the
 * row lock and re-check the condition against the row as the one before them left it.
 *
 * When it writes nothing, the same statement reads instead what the caller needs next: the row as
 * of the statement's snapshot (with its `xmin`, so a later write can insist on this very version),
 * and, when this answer is the one that completes it, the earlier answers and the team stamp of
 * the evaluation's team for its persona: everything scoring the completion reads, in one round
 * trip and one snapshot. A row that changed under the update (a concurrent answer) may be read
 * as it was before: the completing write, which checks `xmin`, then refuses it.
 *
 * $1 evaluation id, $2 position, $3 question id, $4 value, $5 time taken, $6 now.
 */
export const RECORD_PROGRESS = {
  name: 'evaluation_record_progress',
  text: `WITH progressed AS (
    UPDATE evaluation.evaluations
       SET answer_values = set_byte(answer_values, $2::int, $4::int),
           answered = answered + (get_byte(answer_values, $2::int) = 0)::int,
           status = 'in_progress',
           updated_at = $6::timestamptz
     WHERE id = $1::uuid AND status <> 'complete' AND answered + (get_byte(answer_values, $2::int) = 0)::int < total
     RETURNING answered, answer_values
  ), recorded AS (
    INSERT INTO evaluation.evaluation_answers (evaluation_id, question_id, value, time_taken, answered_at)
    SELECT $1::uuid, $3::int, $4::int, $5::int, $6::timestamptz FROM progressed
    ON CONFLICT (evaluation_id, question_id) DO UPDATE SET value = excluded.value, time_taken = excluded.time_taken, answered_at = excluded.answered_at
  )
  SELECT true AS recorded, NULL::boolean AS completes, answered, answer_values,
         NULL::uuid AS id, NULL::uuid AS persona_id, NULL::int AS team_id, NULL::text AS status, NULL::int AS questionnaire_version_id,
         NULL::int AS total, NULL::timestamptz AS created_at, NULL::timestamptz AS updated_at, NULL::text AS row_version,
         NULL::json AS earlier,
         NULL::int AS stamp_team_id, NULL::text AS profiles_version, NULL::boolean AS candidate_is_member, NULL::boolean AS includes_candidate,
         NULL::int AS candidate_version_id, NULL::bytea AS candidate_values
    FROM progressed
  UNION ALL
  SELECT false, ${completesAsRead}, e.answered, e.answer_values,
         e.id, e.persona_id, e.team_id, e.status, e.questionnaire_version_id,
         e.total, e.created_at, e.updated_at, e.xmin::text,
         earlier.answers,
         ${teamStampColumns('e.persona_id')}
    FROM evaluation.evaluations AS e
    LEFT JOIN LATERAL (
           SELECT json_agg(json_build_array(a.question_id, a.value, a.time_taken)) AS answers
             FROM evaluation.evaluation_answers AS a
            WHERE a.evaluation_id = e.id AND ${completesAsRead}) AS earlier ON true
    LEFT JOIN evaluation.teams AS t ON t.id = e.team_id AND ${completesAsRead}
    ${teamStampJoin('e.persona_id')}
   WHERE e.id = $1::uuid AND NOT EXISTS (SELECT 1 FROM progressed)`,
} as const;

/** A RECORD_PROGRESS row as the driver returns it. */
export type RecordProgressRow = TeamStampRow & {
  recorded: boolean;
  completes: boolean | null;
  answered: number;
  answer_values: Buffer;
  id: string | null;
  persona_id: string | null;
  team_id: number | null;
  status: string | null;
  questionnaire_version_id: number | null;
  total: number | null;
  created_at: Date | null;
  updated_at: Date | null;
  row_version: string | null;
  /** [question id, value, time taken] per earlier answer: JSON, which the driver parses natively (three int[] columns cost more). */
  earlier: [number, number, number][] | null;
};
