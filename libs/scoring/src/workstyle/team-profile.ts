import { round2 } from '../rounding';
import type { ScoreType } from '../types';
import type { ReadonlyTeamAggregate } from './team-aggregate';

/** A team on one dimension: its members' levels (1-5), rounded for output; null fields without any. */
export interface TeamDimensionProfile {
  readonly questionGroupId: number;
  readonly name: string;
  readonly scoreType: ScoreType;
  /** Members with a level on this dimension. */
  readonly members: number;
  readonly mean: number | null;
  readonly min: number | null;
  readonly max: number | null;
  /** Population standard deviation of the levels (0 for one member). */
  readonly spread: number | null;
}

export interface TeamProfile {
  /** Members with at least one scored answer. */
  readonly teamSize: number;
  readonly dimensions: readonly TeamDimensionProfile[];
  /** CONFLICT sub-groups (question metadata) in which at least one member has a level. */
  readonly conflictStyles: readonly string[];
}

/** What a team looks like per dimension (docs/scoring.md, "What-if team"). */
export function teamProfile(team: ReadonlyTeamAggregate): TeamProfile {
  const dimensions = team.questionnaire.prepared.groups.map((group, index) => {
    const levels = team.levelProfile(index);
    return {
      questionGroupId: group.id,
      name: group.name,
      scoreType: group.scoreType,
      members: levels?.members ?? 0,
      mean: levels ? round2(levels.mean) : null,
      min: levels ? round2(levels.min) : null,
      max: levels ? round2(levels.max) : null,
      spread: levels ? round2(levels.spread) : null,
    };
  });
  return { teamSize: team.size, dimensions, conflictStyles: team.conflictStyles() };
}
