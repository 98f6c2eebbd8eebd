/**
 * Rounding to two decimals, half away from zero. Scores are computed with full precision and
 * rounded only at the output (docs/scoring.md, "Rounding and categories"), so this is the single place that decides
 * what a client sees.
 *
 * `x * 100` carries binary noise (55.675 * 100 is 5567.499999999999); cutting it to 12
 * significant digits first removes the noise without touching any real digit of a 0-100 score,
 * so a true half always rounds up in magnitude.
 */
export function round2(x: number): number {
  const raw = Math.abs(x) * 100;
  // Cutting to 12 digits moves `raw` by at most 5e-12 of itself, which changes Math.round only
  // when `raw` sits that close to a half: elsewhere the cut is skipped (toPrecision was the
  // largest single cost of scoring a shortlist, CPU profile), with the same result.
  const nearHalf = !(Math.abs(raw - Math.floor(raw) - 0.5) > raw * 1e-11);
  const rounded = Math.round(nearHalf ? Number(raw.toPrecision(12)) : raw) / 100;
  // `|| 0` turns -0 into 0: a negative number that rounds to zero is shown as 0.
  return x < 0 ? -rounded || 0 : rounded;
}

/**
 * A decimal number (a median of scores, a statistic, a contribution) to 4 decimals, half away from
 * zero, binary noise cut first (as round2): the one 4-decimal rounding of every report.
 */
export function round4(x: number): number {
  const raw = Math.abs(x) * 10_000;
  const rounded = Math.round(Number(raw.toPrecision(12))) / 10_000;
  return x < 0 ? -rounded || 0 : rounded;
}
