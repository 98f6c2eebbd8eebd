import type { ScoreCategory } from './types';

/**
 * Category buckets for every score of the service (docs/scoring.md, "Rounding and categories"):
 * `< 33` low, `< 66` medium, otherwise high, so a rounded 65.5 is medium and nothing falls between
 * "medium 33 to 65" and "high from 66".
 */
export const CATEGORY_BUCKETS = { lowBelow: 33, mediumBelow: 66 } as const;

/** Category of a score. Pass the rounded number the client sees: the category is read from it. */
export function categoryOf(score: number): ScoreCategory {
  if (score < CATEGORY_BUCKETS.lowBelow) return 'low';
  if (score < CATEGORY_BUCKETS.mediumBelow) return 'medium';
  return 'high';
}
