import { Injectable } from '@nestjs/common';
import { type Database, InjectReadDatabase } from '@teamfit/database';
import { organisations } from '@teamfit/accounts';
import { type PersonaRole, personas, type PersonaStatus } from '@teamfit/personas';
import { sql, type SQL } from 'drizzle-orm';
import {
  evaluationReviews,
  evaluationScoreProfiles,
  latestScoreProfileFirst,
  type ReviewDecision,
  teams,
} from '../database/evaluation.schema';

/** Which personas a shortlist lists (every filter optional; together they all apply). */
export interface ShortlistFilter {
  personaIds?: readonly string[];
  status?: PersonaStatus;
  /** One of the persona's typed roles. */
  role?: PersonaRole;
  /** Their latest evaluation completed strictly after this instant. */
  completedAfter?: Date;
  /** List results whose latest review EXCLUDED them too (left out otherwise). */
  includeExcluded?: boolean;
}

/** The latest human review of a result (docs/adr/0085-human-review-and-contest.md). */
export interface LatestReview {
  decision: ReviewDecision;
  /** OVERRIDDEN: the score a person decided (the computed one still ranks). */
  overallScore: number | null;
  reviewedAt: Date;
}

/** A persona's latest completed evaluation's score profile, with what a shortlist shows of the persona. */
export interface ProfileRow {
  personaId: string;
  evaluationId: string;
  questionnaireVersionId: number;
  completedAt: Date;
  answerValues: Buffer;
  /** A member of the team (its latest profile is then part of the team's context). */
  member: boolean;
  /** Listed: the persona exists and passes the filters. */
  candidate: boolean;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  personaRole: string | null;
  userNumber: number | null;
  /** The latest review of the evaluation scored; null when it has none. */
  review: LatestReview | null;
}

/**
 * Everything a shortlist scores, read in ONE statement, so from one snapshot: the team's profiles
 * version, and the latest score profile of every persona that is a member of the team or a
 * candidate. A completing answer writes its evaluation and its profile in one transaction, so a
 * candidate completing meanwhile is in this snapshot with that profile or not at all, never
 * half; and the members' rows are exactly those of the profiles version read with them, so the
 * team built from them (or the cached team of that version) is what each member is taken out of.
 */
export interface ShortlistSnapshot {
  /**
   * The team's name, profiles version and member list, and whether its organisation includes a
   * member in their own team context (`includeMatchUserInTeam`); undefined when the team does not exist.
   */
  team: { name: string; profilesVersion: number; memberPersonaIds: string[]; includesCandidate: boolean } | undefined;
  rows: ProfileRow[];
}

/** The trailing row that carries the team has nulls everywhere else. */
interface RawRow extends Record<string, unknown> {
  persona_id: string | null;
  evaluation_id: string;
  questionnaire_version_id: number;
  completed_ms: number;
  answer_values: Buffer;
  member: boolean;
  candidate: boolean;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  persona_role: string | null;
  user_number: number | null;
  review_decision: ReviewDecision | null;
  review_overall_score: number | null;
  reviewed_ms: number | null;
  profiles_version: string | number;
  team_name: string | null;
  team_members: string[] | null;
  includes_candidate: boolean | null;
}

/** The personas and score profiles a shortlist reads (personas are read-only here: the profile service owns them). */
@Injectable()
export class ShortlistRepository {
  // Scoring inputs that tolerate a little lag, like team-match's: the read side.
  constructor(@InjectReadDatabase() private readonly db: Database) {}

  /**
   * Driven by the personas that can be listed (the filters on the persona row, applied first)
   * and the members: each one's latest profile is one probe of the (persona, completion) index,
   * so a filtered shortlist reads only its own candidates' profiles.
   */
  async snapshot(teamId: number, filter: ShortlistFilter): Promise<ShortlistSnapshot> {
    const s = evaluationScoreProfiles;
    const recent = filter.completedAfter ? sql`AND latest.completed_at > ${filter.completedAfter.toISOString()}::timestamptz` : sql``;
    // An EXCLUDED result is no candidate (it leaves the list and the adverse-impact sample); a
    // member's profile still counts in the team context the others are scored against.
    const listable = filter.includeExcluded ? sql`${recent}` : sql`${recent} AND review.decision IS DISTINCT FROM 'EXCLUDED'`;
    const r = evaluationReviews;
    const result = await this.db.execute<RawRow>(sql`
      WITH team AS MATERIALIZED (
        SELECT ${teams.name} AS name, ${teams.memberPersonaIds} AS members, ${teams.profilesVersion} AS profiles_version,
               coalesce((SELECT ${organisations.includeMatchUserInTeam} FROM ${organisations} WHERE ${organisations.id} = ${teams.organisationId}), false) AS includes_candidate
          FROM ${teams} WHERE ${teams.id} = ${teamId}
      ), listed AS (
        SELECT p.id, p.user_first_name, p.user_last_name, p.user_username, p.role, p.user_number
          FROM ${personas} p WHERE EXISTS (SELECT FROM team) AND ${personaCondition(filter)}
      ), chosen AS (
        SELECT coalesce(listed.id, member.id) AS persona_id, member.id IS NOT NULL AS member, listed.id IS NOT NULL AS listed,
               listed.user_first_name, listed.user_last_name, listed.user_username, listed.role, listed.user_number
          FROM listed FULL JOIN (SELECT DISTINCT unnest(members) AS id FROM team) member ON member.id = listed.id
      )
      SELECT chosen.persona_id, latest.evaluation_id, latest.questionnaire_version_id,
             -- Milliseconds, as every date the service shows: drizzle's driver leaves timestamps as text.
             (extract(epoch FROM latest.completed_at) * 1000)::float8 AS completed_ms, latest.answer_values,
             chosen.member, chosen.listed ${listable} AS candidate,
             chosen.user_first_name AS first_name, chosen.user_last_name AS last_name, chosen.user_username AS username, chosen.role AS persona_role, chosen.user_number,
             review.decision AS review_decision, review.overall_score AS review_overall_score, review.reviewed_ms,
             NULL::bigint AS profiles_version, NULL::text AS team_name, NULL::uuid[] AS team_members, NULL::boolean AS includes_candidate
        FROM chosen CROSS JOIN LATERAL (
          -- The persona's latest completed profile (the order of the index, as every team context reads it).
          SELECT ${s.evaluationId} AS evaluation_id, ${s.questionnaireVersionId} AS questionnaire_version_id, ${s.completedAt} AS completed_at, ${s.answerValues} AS answer_values
            FROM ${s} WHERE ${s.personaId} = chosen.persona_id
           ORDER BY ${sql.raw(latestScoreProfileFirst('"evaluation_score_profiles"'))} LIMIT 1
        ) latest
        LEFT JOIN LATERAL (
          -- Its latest review: one backward probe of the (evaluation, order) index, contests skipped.
          SELECT ${r.decision} AS decision, ${r.overallScore} AS overall_score, (extract(epoch FROM ${r.createdAt}) * 1000)::float8 AS reviewed_ms
            FROM ${r} WHERE ${r.evaluationId} = latest.evaluation_id AND ${r.kind} = 'REVIEW'
           ORDER BY ${r.seq} DESC LIMIT 1
        ) review ON true
       WHERE chosen.member OR (chosen.listed ${listable})
      UNION ALL
      -- The team's version even when no row qualifies (and no row at all when the team does not exist).
      SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, team.profiles_version, team.name, team.members, team.includes_candidate FROM team
    `);
    let team: ShortlistSnapshot['team'];
    const rows: ProfileRow[] = [];
    for (const row of result.rows) {
      if (row.team_name !== null)
        team = {
          name: row.team_name,
          profilesVersion: Number(row.profiles_version),
          memberPersonaIds: row.team_members ?? [],
          includesCandidate: row.includes_candidate === true,
        };
      if (row.persona_id === null) continue;
      rows.push({
        personaId: row.persona_id,
        evaluationId: row.evaluation_id,
        questionnaireVersionId: row.questionnaire_version_id,
        completedAt: new Date(row.completed_ms),
        answerValues: row.answer_values,
        member: row.member,
        candidate: row.candidate,
        firstName: row.first_name,
        lastName: row.last_name,
        username: row.username,
        personaRole: row.persona_role,
        userNumber: row.user_number,
        review:
          row.review_decision === null
            ? null
            : { decision: row.review_decision, overallScore: row.review_overall_score, reviewedAt: new Date(Number(row.reviewed_ms)) },
      });
    }
    return { team, rows };
  }
}

/** The persona filters (the latest evaluation's date is checked on the profile found). */
function personaCondition(filter: ShortlistFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.personaIds) conditions.push(sql`p.id = ANY (${sql.param([...filter.personaIds])}::uuid[])`);
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`);
  if (filter.role) conditions.push(sql`p.roles @> ARRAY[${filter.role}]::text[]`);
  return sql.join(conditions, sql` AND `);
}
