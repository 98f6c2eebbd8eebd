import type { Schemas } from '@teamfit/api-client';

type Profile = Schemas['TeamProfileDto'];
type DimensionProfile = Schemas['TeamDimensionProfileDto'];

/** The persona ids typed into a field: separated by commas, spaces or lines, each once, in order. */
export function idsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/**
 * Each dimension of the team before and after side by side: the dimensions of either profile,
 * those of `before` first in its order, then any only `after` has.
 */
export interface DimensionPair {
  questionGroupId: number;
  name: string;
  before: DimensionProfile | null;
  after: DimensionProfile | null;
}

export function pairDimensions(before: Profile, after: Profile): DimensionPair[] {
  const afterById = new Map(after.dimensions.map((dimension) => [dimension.questionGroupId, dimension]));
  const rows: DimensionPair[] = before.dimensions.map((dimension) => ({
    questionGroupId: dimension.questionGroupId,
    name: dimension.name,
    before: dimension,
    after: afterById.get(dimension.questionGroupId) ?? null,
  }));
  const seen = new Set(before.dimensions.map((dimension) => dimension.questionGroupId));
  for (const dimension of after.dimensions)
    if (!seen.has(dimension.questionGroupId))
      rows.push({ questionGroupId: dimension.questionGroupId, name: dimension.name, before: null, after: dimension });
  return rows;
}
