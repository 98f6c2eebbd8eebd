import { LruMap } from '@teamfit/common';
import type { TeamScorer } from '@teamfit/scoring';

/** Teams × questionnaire versions kept; an entry is a few kilobytes and one number per member scored. */
const CACHED_TEAMS = 64;

/** A whole team's scorer at one profiles version, and its members' scores against the rest of it. */
export interface CachedTeamScorer {
  readonly profilesVersion: number;
  readonly scorer: TeamScorer;
  /** By the member's latest completed evaluation: their overall workstyle score without them in the team. */
  readonly memberScores: Map<string, number>;
}

/**
 * Whole-team scorers for shortlists, each labelled like TeamAggregateCache with the team's profiles
 * version it was built at: the database changes it whenever the members or one of their profiles
 * change (triggers, migration 0005), so an entry whose label still matches is exact however many
 * service instances write, and so are the member scores kept with it (by evaluation: a score is
 * only ever given for the profile it was computed from). Least recently used goes first.
 */
export class TeamScorerCache {
  private readonly entries = new LruMap<string, CachedTeamScorer>(CACHED_TEAMS);

  find(teamId: number, questionnaireVersionId: number, profilesVersion: number): CachedTeamScorer | undefined {
    const entry = this.entries.get(`${teamId}:${questionnaireVersionId}`);
    return entry?.profilesVersion === profilesVersion ? entry : undefined;
  }

  remember(teamId: number, questionnaireVersionId: number, profilesVersion: number, scorer: TeamScorer): CachedTeamScorer {
    const entry = { profilesVersion, scorer, memberScores: new Map<string, number>() };
    this.entries.set(`${teamId}:${questionnaireVersionId}`, entry);
    return entry;
  }
}
