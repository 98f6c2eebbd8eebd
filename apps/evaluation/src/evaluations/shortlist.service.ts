import { Injectable } from '@nestjs/common';
import { notFound, validationFailed } from '@teamfit/common';
import {
  answersFromValues,
  type CombinedScore,
  computeCombinedScore,
  computeWorkstyleWithTeam,
  isRoleMatchScore,
  type RoleMatchResult,
  type ScoreCategory,
  scoreReasons,
  type ScoreReasons,
  type TeamAggregate,
  type WorkstyleResult,
} from '@teamfit/scoring';
import { QuestionnaireVersions } from './questionnaire-versions';
import { RoleMatchService } from './role-match.service';
import { type ProfileRow, type ShortlistFilter, ShortlistRepository } from './shortlist.repository';
import { TeamContextService } from './team-context.service';

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

/** One candidate scored: what sorting needs, and the rest for the page it lands on. */
interface Scored {
  row: ProfileRow;
  workstyle: WorkstyleResult;
  roleMatch: RoleMatchResult | null;
  combined: CombinedScore | null;
  /** The score `sort` orders by; null (role sort, no role score) goes last. */
  key: number | null;
}

/**
 * Every persona with a completed evaluation scored against one team (their latest completed
 * evaluation, as team-match and compare-team score it), filtered, ranked and paged. Nothing is stored.
 */
@Injectable()
export class ShortlistService {
  constructor(
    private readonly shortlists: ShortlistRepository,
    private readonly teamContext: TeamContextService,
    private readonly versions: QuestionnaireVersions,
    private readonly roles: RoleMatchService,
  ) {}

  async shortlist(teamId: number, request: ShortlistRequest): Promise<Shortlist> {
    const sort = request.sort ?? 'combined';
    if (sort === 'role' && request.roleId === undefined) throw validationFailed('sort role needs a roleId');
    const role = request.roleId === undefined ? undefined : await this.roles.resolveRole(teamId, request.roleId);
    const { team, rows } = await this.shortlists.snapshot(teamId, request);
    if (!team) throw notFound('Team');

    const candidates = rows.filter((row) => row.candidate);
    const matcher = role ? await this.roles.matcher(role, candidates.flatMap((row) => (row.userNumber === null ? [] : [row.userNumber]))) : null;
    const workstyles = await this.workstyles(teamId, team.profilesVersion, team.includesCandidate, rows, candidates);

    const scored: Scored[] = [];
    candidates.forEach((row, index) => {
      const workstyle = workstyles[index];
      if (!workstyle) return;
      const roleMatch = matcher ? matcher(row.userNumber) : null;
      const roleScore = roleMatch && isRoleMatchScore(roleMatch) ? roleMatch.score : null;
      // As team-match: the combined score of the role given, the workstyle alone when the role has no score.
      const combined = role ? computeCombinedScore({ roleScore, workstyleScore: workstyle.overallScore, roleWeight: request.roleWeight }) : null;
      const key = sort === 'workstyle' ? workstyle.overallScore : sort === 'role' ? roleScore : (combined?.score ?? workstyle.overallScore);
      if (request.minScore !== undefined && (key === null || key < request.minScore)) return;
      scored.push({ row, workstyle, roleMatch, combined, key });
    });
    scored.sort(byRank);

    const page = request.page ?? 1;
    const limit = request.limit ?? 10;
    const items = scored.slice((page - 1) * limit, page * limit).map(itemOf);
    return { algorithmTeamId: teamId, teamName: team.name, roleId: role?.id ?? null, sort, page, limit, total: scored.length, items };
  }

  /**
   * Each candidate's workstyle against the team: the whole team's aggregate once per questionnaire
   * version (cached by profiles version), then per candidate the team context rule of
   * TeamContextService.contextOf, and scoring from the compact values (times change no score).
   */
  private async workstyles(teamId: number, profilesVersion: number, includesCandidate: boolean, rows: readonly ProfileRow[], candidates: readonly ProfileRow[]): Promise<WorkstyleResult[]> {
    const members = rows.filter((row) => row.member);
    const versions = new Map((await this.versions.getMany([...new Set(rows.map((row) => row.questionnaireVersionId))])).map((version) => [version.id, version]));
    const wholeTeams = new Map<number, TeamAggregate>();
    const results: WorkstyleResult[] = [];
    for (const candidate of candidates) {
      const version = versions.get(candidate.questionnaireVersionId);
      if (!version) throw new Error(`questionnaire version ${candidate.questionnaireVersionId} does not exist`);
      let whole = wholeTeams.get(version.id);
      if (!whole) {
        whole = await this.teamContext.wholeTeam(teamId, version, profilesVersion, members);
        wholeTeams.set(version.id, whole);
      }
      const memberValues = candidate.member ? await this.teamContext.valuesIn(version, candidate) : null;
      const context = this.teamContext.contextOf(whole, memberValues, includesCandidate);
      results.push(computeWorkstyleWithTeam(context, answersFromValues(version.compact, candidate.answerValues)));
    }
    return results;
  }
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

function itemOf({ row, workstyle, roleMatch, combined }: Scored): ShortlistItem {
  const name = [row.firstName, row.lastName].filter((part): part is string => part !== null && part !== '').join(' ');
  return {
    persona: { id: row.personaId, name: name === '' ? row.username : name, role: row.personaRole },
    evaluationId: row.evaluationId,
    completedAt: row.completedAt.toISOString(),
    workstyle: { score: workstyle.overallScore, scoreCategory: workstyle.overallCategory },
    roleMatch,
    combined,
    reasons: scoreReasons(workstyle),
  };
}
