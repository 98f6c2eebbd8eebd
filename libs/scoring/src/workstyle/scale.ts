/** The 1-5 answer scale and the two maps every score type is built from (docs/scoring.md: `norm`, `sim`). */

export const ANSWER_MIN = 1;
export const ANSWER_MAX = 5;

/** An item's scored value: `v`, or `6 - v` for a reverse-scored question. */
export function scoredValue(value: number, reverseScore: boolean): number {
  return reverseScore ? ANSWER_MIN + ANSWER_MAX - value : value;
}

/** `norm(x) = 25 * (x - 1)`: a level on 1-5 as 0-100. */
export function norm(level: number): number {
  return clampPercent(25 * (level - 1));
}

/** `sim(x, y) = 1 - |x - y| / 4`: similarity of two levels, 1 when equal, 0 at opposite ends. */
export function sim(x: number, y: number): number {
  return 1 - Math.abs(x - y) / 4;
}

/**
 * Arithmetic mean, summed in ascending order so the result does not depend on the order of the
 * inputs (floating-point addition is not associative): the same answers given in another order,
 * or the same members listed in another order, give bit-identical scores.
 */
export function mean(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  let sum = 0;
  for (const value of sorted) sum += value;
  return sum / sorted.length;
}

/** Keeps a computed percentage inside 0-100 when floating-point noise pushes it a hair outside. */
export function clampPercent(x: number): number {
  return Math.min(100, Math.max(0, x));
}
