/** The answer scale every level (candidate, team mean, min, max) is given on. */
export const LEVEL_DOMAIN = [1, 5] as const;
/** The scale of every score (overall, dimension, workstyle, role, combined). */
export const SCORE_DOMAIN = [0, 100] as const;

/**
 * How much of a score bar a 0-100 score fills, from 0 to 1. A value outside the scale is held at
 * its end so the bar never leaves its track; the number printed beside the bar is the API's.
 */
export function scoreFraction(score: number): number {
  const [low, high] = SCORE_DOMAIN;
  if (Number.isNaN(score)) return 0;
  return (Math.min(high, Math.max(low, score)) - low) / (high - low);
}

/** A number as the page prints it: the API's value, at most two decimals, no trailing zeros. */
export function numberWords(value: number | null | undefined, empty = 'none'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return empty;
  return String(Math.round(value * 100) / 100);
}
