import { LruMap } from '@teamfit/common';
import type { ReadonlyTeamAggregate } from '@teamfit/scoring';

/** Teams × questionnaire versions kept; an entry is a few kilobytes whatever the team's size. */
const CACHED_AGGREGATES = 256;

/**
 * Whole-team aggregates (every member with a score profile), each labelled with the team's
 * profiles version it was read at. The database changes that version whenever the members or one
 * of their profiles change (triggers, migration 0005), so an entry whose label still matches is
 * exact however many service instances write: nothing here needs invalidating, only a bound
 * (least recently used goes first). Entries are handed out as they are, read-only by their type:
 * a caller that needs a changed team changes a copy.
 */
export class TeamAggregateCache {
  private readonly entries = new LruMap<string, { profilesVersion: number; aggregate: ReadonlyTeamAggregate }>(CACHED_AGGREGATES);

  /** The entry for this team and version when it was built at `profilesVersion`. */
  find(teamId: number, questionnaireVersionId: number, profilesVersion: number): ReadonlyTeamAggregate | undefined {
    const key = `${teamId}:${questionnaireVersionId}`;
    const entry = this.entries.get(key);
    if (!entry || entry.profilesVersion !== profilesVersion) return undefined;
    return entry.aggregate;
  }

  /** Keeps `aggregate` as the team's at `profilesVersion`: nothing may change it any more. */
  remember(teamId: number, questionnaireVersionId: number, profilesVersion: number, aggregate: ReadonlyTeamAggregate): void {
    const key = `${teamId}:${questionnaireVersionId}`;
    this.entries.set(key, { profilesVersion, aggregate });
  }
}
