import { Injectable } from '@nestjs/common';
import { notFound, validationFailed } from '@teamfit/common';
import {
  type CombinedScore,
  computeCombinedScore,
  isRoleMatchScore,
  type RoleMatchResult,
  type ScoreCategory,
  scoreReasons,
  type ScoreReasons,
  TeamScorer,
  type WorkstyleResult,
} from '@teamfit/scoring';
import type { ReviewDecision } from '../database/evaluation.schema';
import { QuestionnaireVersions } from './questionnaire-versions';
import { RoleMatchService } from './role-match.service';
import { type ProfileRow, type ShortlistFilter, ShortlistRepository } from './shortlist.repository';
import { TeamContextService } from './team-context.service';
import { type CachedTeamScorer, TeamScorerCache } from './team-scorer.cache';

export const SHORTLIST_SORTS = ['combined', 'workstyle', 'role'] as const;
export type ShortlistSort = (typeof SHORTLIST_SORTS)[number];

export interface ShortlistRequest extends ShortlistFilter {
  roleId?: number;
  roleWeight?: number;
  minScore?: number;
  sort?: ShortlistSort;
  page?: number;
  limit?: number;
}

export interface ShortlistItem {
  persona: { id: string; name: string | null; role: string | null };
  evaluationId: string;
  completedAt: string;
  workstyle: { score: number; scoreCategory: ScoreCategory };
  roleMatch: RoleMatchResult | null;
  combined: CombinedScore | null;
  reasons: ScoreReasons;
  /**
   * The latest human review of the evaluation; null without one. An override's score is shown
   * here, beside the computed workstyle score, which still ranks the item.
   */
  review: { decision: ReviewDecision; overallScore: number | null; reviewedAt: string } | null;
}

export interface Shortlist {
  algorithmTeamId: number;
  teamName: string;
  roleId: number | null;
  sort: ShortlistSort;
  page: number;
  limit: number;
  /** Candidates that pass every filter, minScore included (all pages). */
  total: number;
  items: ShortlistItem[];
}

/** One item of a whole shortlist: who, and the score it is sorted by (null: sort role, no role score). */
export interface RankedEntry {
  personaId: string;
  evaluationId: string;
  sortScore: number | null;
}

/** The whole shortlist, every page, in its order. */
export interface RankedShortlist {
  algorithmTeamId: number;
  teamName: string;
  roleId: number | null;
  sort: ShortlistSort;
  entries: RankedEntry[];
}

interface Ranking {
  team: { name: string };
  role: { id: number } | undefined;
  sort: ShortlistSort;
  scored: Scored[];
  context: ScoringContext;
}

/** One candidate scored: what sorting needs; the full workstyle result only for the page it lands on. */
interface Scored {
  row: ProfileRow;
  /** The overall workstyle score (TeamScorer: the full result's overallScore, bit for bit). */
  workstyleScore: number;
  roleMatch: RoleMatchResult | null;
  combined: CombinedScore | null;
  /** The score `sort` orders by; null (role sort, no role score) goes last. */
  key: number | null;
}

/**
 * Every persona with a completed evaluation scored against one team (their latest completed
 * evaluation, as team-match and compare-team score it), filtered, ranked and paged. Nothing is stored.
 *
 * Ranking needs each candidate's overall score only: TeamScorer gives it from the stored values,
 * with the team's side prepared once per call, exactly as computeWorkstyleWithTeam (team-match's
 * path) does; the page's items get their dimensions (for the reasons) from it too.
 */
@Injectable()
export class ShortlistService {
  private readonly scorers = new TeamScorerCache();

  constructor(
    private readonly shortlists: ShortlistRepository,
    private readonly teamContext: TeamContextService,
    private readonly versions: QuestionnaireVersions,
    private readonly roles: RoleMatchService,
  ) {}

  async shortlist(teamId: number, request: ShortlistRequest): Promise<Shortlist> {
    const { team, role, sort, scored, context } = await this.rank(teamId, request);
    const page = request.page ?? 1;
    const limit = request.limit ?? 10;
    const items = scored.slice((page - 1) * limit, page * limit).map((entry) => itemOf(entry, this.workstyle(context, entry)));
    return { algorithmTeamId: teamId, teamName: team.name, roleId: role?.id ?? null, sort, page, limit, total: scored.length, items };
  }

  /**
   * Every item of the shortlist, all pages, in its order, each with the score it is sorted by:
   * what the adverse-impact report samples (docs/fairness.md, "Adverse-impact report"), so that
   * whatever decides who a shortlist lists decides its sample too.
   */
  async ranked(teamId: number, request: Omit<ShortlistRequest, 'page' | 'limit'>): Promise<RankedShortlist> {
    const { team, role, sort, scored } = await this.rank(teamId, request);
    return {
      algorithmTeamId: teamId,
      teamName: team.name,
      roleId: role?.id ?? null,
      sort,
      entries: scored.map((entry) => ({ personaId: entry.row.personaId, evaluationId: entry.row.evaluationId, sortScore: entry.key })),
    };
  }

  /** Candidates scored, filtered and ranked: the whole shortlist before paging. */
  private async rank(teamId: number, request: ShortlistRequest): Promise<Ranking> {
    const sort = request.sort ?? 'combined';
    if (sort === 'role' && request.roleId === undefined) throw validationFailed('sort role needs a roleId');
    const role = request.roleId === undefined ? undefined : await this.roles.resolveRole(teamId, request.roleId);
    const { team, rows } = await this.shortlists.snapshot(teamId, request);
    if (!team) throw notFound('Team');

    const candidates = rows.filter((row) => row.candidate);
    const matcher = role
      ? await this.roles.matcher(
          role,
          candidates.flatMap((row) => (row.userNumber === null ? [] : [row.userNumber])),
        )
      : null;
    const teams = await this.teamScorers(teamId, team.profilesVersion, rows, candidates);
    const context: ScoringContext = { includesCandidate: team.includesCandidate, teams };

    const scored: Scored[] = [];
    for (const row of candidates) {
      const workstyleScore = this.workstyleScore(context, row);
      const roleMatch = matcher ? matcher(row.userNumber) : null;
      const roleScore = roleMatch && isRoleMatchScore(roleMatch) ? roleMatch.score : null;
      // As team-match: the combined score of the role given, the workstyle alone when the role has no score.
      const combined = role ? computeCombinedScore({ roleScore, workstyleScore, roleWeight: request.roleWeight }) : null;
      const key = sort === 'workstyle' ? workstyleScore : sort === 'role' ? roleScore : (combined?.score ?? workstyleScore);
      if (request.minScore !== undefined && (key === null || key < request.minScore)) continue;
      scored.push({ row, workstyleScore, roleMatch, combined, key });
    }
    scored.sort(byRank);
    return { team, role, sort, scored, context };
  }

  /**
   * The whole team's scorer on each questionnaire version a candidate answered: kept by profiles
   * version, else built from the whole team (TeamContextService's aggregate of that version).
   */
  private async teamScorers(
    teamId: number,
    profilesVersion: number,
    rows: readonly ProfileRow[],
    candidates: readonly ProfileRow[],
  ): Promise<Map<number, CachedTeamScorer>> {
    const teams = new Map<number, CachedTeamScorer>();
    for (const versionId of new Set(candidates.map((row) => row.questionnaireVersionId))) {
      let entry = this.scorers.find(teamId, versionId, profilesVersion);
      if (!entry) {
        const version = await this.versions.get(versionId);
        const whole = await this.teamContext.wholeTeam(
          teamId,
          version,
          profilesVersion,
          rows.filter((row) => row.member),
        );
        entry = this.scorers.remember(teamId, versionId, profilesVersion, TeamScorer.of(whole));
      }
      teams.set(versionId, entry);
    }
    return teams;
  }

  /**
   * A candidate's overall workstyle score against their team context (TeamContextService.contextOf's
   * rule): the whole team's scorer, or for a member left out of it, a scorer of the team without
   * them, whose score is kept with the whole team's scorer (it changes only when the profiles version does).
   */
  private workstyleScore(context: ScoringContext, row: ProfileRow): number {
    const team = teamOf(context, row);
    if (!this.leftOut(context, row)) return team.scorer.overallScore(row.answerValues);
    const known = team.memberScores.get(row.evaluationId);
    if (known !== undefined) return known;
    const score = this.scorerOf(context, row).overallScore(row.answerValues);
    team.memberScores.set(row.evaluationId, score);
    return score;
  }

  /** What a listed item shows of its workstyle: computeWorkstyleWithTeam's score and dimensions, the score it was ranked by. */
  private workstyle(context: ScoringContext, entry: Scored): ItemWorkstyle {
    const result = this.scorerOf(context, entry.row).result(entry.row.answerValues);
    if (!Object.is(result.overallScore, entry.workstyleScore)) {
      throw new Error(
        `shortlist: evaluation ${entry.row.evaluationId} ranked by ${entry.workstyleScore} but scores ${result.overallScore}`,
      );
    }
    return result;
  }

  private leftOut(context: ScoringContext, row: ProfileRow): boolean {
    return row.member && !context.includesCandidate;
  }

  /** The scorer of the candidate's team context; a member's stored values are in their own version, the one the scorer is on. */
  private scorerOf(context: ScoringContext, row: ProfileRow): TeamScorer {
    const { scorer } = teamOf(context, row);
    return this.leftOut(context, row) ? scorer.without(row.answerValues) : scorer;
  }
}

type ItemWorkstyle = Pick<WorkstyleResult, 'overallScore' | 'overallCategory' | 'dimensions'>;

interface ScoringContext {
  includesCandidate: boolean;
  /** The whole team's scorer by questionnaire version id. */
  teams: ReadonlyMap<number, CachedTeamScorer>;
}

function teamOf(context: ScoringContext, row: ProfileRow): CachedTeamScorer {
  const team = context.teams.get(row.questionnaireVersionId);
  if (!team) throw new Error(`questionnaire version ${row.questionnaireVersionId} does not exist`);
  return team;
}

/** Score (highest first, no score last), then completion (most recent first), then persona id. */
function byRank(a: Scored, b: Scored): number {
  if (a.key !== b.key) {
    if (a.key === null) return 1;
    if (b.key === null) return -1;
    return b.key - a.key;
  }
  const completed = b.row.completedAt.getTime() - a.row.completedAt.getTime();
  if (completed !== 0) return completed;
  return a.row.personaId < b.row.personaId ? -1 : a.row.personaId > b.row.personaId ? 1 : 0;
}

function itemOf({ row, roleMatch, combined }: Scored, workstyle: ItemWorkstyle): ShortlistItem {
  const name = [row.firstName, row.lastName].filter((part): part is string => part !== null && part !== '').join(' ');
  return {
    persona: { id: row.personaId, name: name === '' ? row.username : name, role: row.personaRole },
    evaluationId: row.evaluationId,
    completedAt: row.completedAt.toISOString(),
    workstyle: { score: workstyle.overallScore, scoreCategory: workstyle.overallCategory },
    roleMatch,
    combined,
    reasons: scoreReasons(workstyle),
    review: row.review
      ? { decision: row.review.decision, overallScore: row.review.overallScore, reviewedAt: row.review.reviewedAt.toISOString() }
      : null,
  };
}
