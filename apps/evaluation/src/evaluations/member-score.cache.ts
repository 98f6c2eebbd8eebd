/** Teams × questionnaire versions kept; an entry holds one number per member. */
const CACHED_TEAMS = 64;

export interface MemberScoreKey {
  teamId: number;
  questionnaireVersionId: number;
  /** The team's profiles version the score was computed at. */
  profilesVersion: number;
  /** The member's latest completed evaluation, whose profile was scored. */
  evaluationId: string;
}

/**
 * Each team member's overall workstyle score against the rest of the team (a shortlist lists
 * members too, each needing a team context of its own), labelled like TeamAggregateCache with the
 * team's profiles version: the database changes it whenever the members or one of their profiles
 * change (triggers, migration 0005), so a score whose label still matches is exact. Keyed by the
 * evaluation as well, so a score is only ever given for the profile it was computed from.
 */
export class MemberScoreCache {
  private readonly entries = new Map<string, { profilesVersion: number; scores: Map<string, number> }>();

  find(key: MemberScoreKey): number | undefined {
    const entry = this.entries.get(`${key.teamId}:${key.questionnaireVersionId}`);
    return entry?.profilesVersion === key.profilesVersion ? entry.scores.get(key.evaluationId) : undefined;
  }

  remember(key: MemberScoreKey, score: number): void {
    const name = `${key.teamId}:${key.questionnaireVersionId}`;
    let entry = this.entries.get(name);
    if (entry?.profilesVersion !== key.profilesVersion) entry = { profilesVersion: key.profilesVersion, scores: new Map() };
    // Most recently used last (a Map iterates in insertion order): the first entry goes first.
    this.entries.delete(name);
    this.entries.set(name, entry);
    entry.scores.set(key.evaluationId, score);
    if (this.entries.size > CACHED_TEAMS) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
