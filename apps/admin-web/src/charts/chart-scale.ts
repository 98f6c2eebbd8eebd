/**
 * A linear scale from a domain of values (the 1-5 answer scale, or a 0-100 score) onto a length
 * in SVG units. Values outside the domain are held at its ends so a mark never leaves the chart.
 */
export interface LinearScale {
  readonly domain: readonly [number, number];
  readonly range: readonly [number, number];
  (value: number): number;
  ticks(): number[];
}

export function linearScale(domain: readonly [number, number], range: readonly [number, number], tickStep = 1): LinearScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (!(d1 > d0)) throw new Error(`a scale needs a domain from low to high, not ${d0}..${d1}`);
  if (!(tickStep > 0)) throw new Error('a scale needs a positive tick step');
  const scale = ((value: number) => {
    const held = Math.min(d1, Math.max(d0, value));
    return r0 + ((held - d0) / (d1 - d0)) * (r1 - r0);
  }) as LinearScale;
  Object.assign(scale, {
    domain,
    range,
    ticks: () => {
      const ticks: number[] = [];
      // Counted in steps rather than summed, so 0.1 + 0.2 never drifts into the labels.
      const count = Math.floor((d1 - d0) / tickStep + 1e-9);
      for (let index = 0; index <= count; index += 1) ticks.push(Number((d0 + index * tickStep).toFixed(6)));
      return ticks;
    },
  });
  return scale;
}

/** The answer scale every level (candidate, team mean, min, max) is given on. */
export const LEVEL_DOMAIN = [1, 5] as const;
/** The scale of every score (overall, dimension, workstyle, role, combined). */
export const SCORE_DOMAIN = [0, 100] as const;

/** A number as the page prints it: the API's value, at most two decimals, no trailing zeros. */
export function numberWords(value: number | null | undefined, empty = 'none'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return empty;
  return String(Math.round(value * 100) / 100);
}
