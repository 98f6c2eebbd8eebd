import type { Schemas } from '@teamfit/api-client';

/** A member's level on a dimension as a heat-map band: 1 to 5, or none without a level. */
export type HeatLevel = 1 | 2 | 3 | 4 | 5 | null;

/**
 * The band of a level on the 1-5 answer scale: the nearest whole answer (half-way rounds up).
 * Only for the colour; every cell prints the API's level itself.
 */
export function heatLevel(level: number | null | undefined): HeatLevel {
  if (level === null || level === undefined || Number.isNaN(level)) return null;
  return Math.min(5, Math.max(1, Math.floor(level + 0.5))) as HeatLevel;
}

export const HEAT_LEVEL_WORDS: Record<Exclude<HeatLevel, null>, string> = {
  1: 'very low',
  2: 'low',
  3: 'middle',
  4: 'high',
  5: 'very high',
};

export interface HeatMember {
  personaId: string;
  name: string;
  /** The member's latest completed evaluation, or null without one. */
  evaluationId: string | null;
  levels: Map<number, number | null>;
}

export interface HeatMap {
  dimensions: { questionGroupId: number; name: string; scoreType: Schemas['ScoreType'] }[];
  members: HeatMember[];
}

/**
 * The team's heat map from each member's latest completed evaluation (its candidate levels). The
 * dimensions are the union of the members', in the order they first appear.
 */
export function heatMapOf(
  members: readonly { personaId: string; name: string; evaluation: Pick<Schemas['EvaluationDto'], 'id' | 'results'> | null }[],
): HeatMap {
  const dimensions = new Map<number, HeatMap['dimensions'][number]>();
  const rows: HeatMember[] = [];
  for (const member of members) {
    const levels = new Map<number, number | null>();
    for (const dimension of member.evaluation?.results?.dimensions ?? []) {
      if (!dimensions.has(dimension.questionGroupId))
        dimensions.set(dimension.questionGroupId, {
          questionGroupId: dimension.questionGroupId,
          name: dimension.name,
          scoreType: dimension.scoreType,
        });
      levels.set(dimension.questionGroupId, dimension.detail.candidateLevel);
    }
    rows.push({ personaId: member.personaId, name: member.name, evaluationId: member.evaluation?.id ?? null, levels });
  }
  return { dimensions: [...dimensions.values()], members: rows };
}

/** The latest completed evaluation of a list (newest first from the API, but not relied upon). */
export function latestCompleted<T extends Pick<Schemas['EvaluationOverviewDto'], 'status' | 'updatedAt'>>(items: readonly T[]): T | null {
  let latest: T | null = null;
  for (const item of items)
    if (item.status === 'complete' && (!latest || Date.parse(item.updatedAt) > Date.parse(latest.updatedAt))) latest = item;
  return latest;
}
