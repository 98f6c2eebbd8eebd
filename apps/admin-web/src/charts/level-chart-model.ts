import { scaleLinear } from '@visx/scale';
import type { DimensionRow } from '../results/report-model';
import { LEVEL_DOMAIN } from './chart-scale';

/** The drawing's size in SVG units; the figure scales it to the page's width. */
export const LEVEL_CHART = { width: 560, labelWidth: 190, right: 20, top: 30, row: 34, bottom: 8 } as const;

export interface LevelChartRow {
  readonly key: number;
  readonly name: string;
  /** The line's centre. */
  readonly y: number;
  /** The team's range (min to max) as a bar, or null when the team has no levels. */
  readonly range: { readonly x: number; readonly width: number } | null;
  readonly meanX: number | null;
  readonly candidateX: number | null;
}

export interface LevelChartLayout {
  readonly height: number;
  readonly plotLeft: number;
  readonly plotRight: number;
  readonly ticks: readonly number[];
  /** The visx scale (its axis draws the ticks from it). */
  readonly scale: ReturnType<typeof scaleLinear<number>>;
  readonly x: (value: number) => number;
  readonly rows: readonly LevelChartRow[];
}

/**
 * Where each mark of the level chart goes: one line per dimension on the 1-5 answer scale. Only
 * positions are computed here; every value is the API's (the table beside the chart prints them).
 * Values outside the scale are held at its ends (the scale clamps) so a mark never leaves the chart.
 */
export function levelChartLayout(rows: readonly DimensionRow[]): LevelChartLayout {
  const plotLeft = LEVEL_CHART.labelWidth;
  const plotRight = LEVEL_CHART.width - LEVEL_CHART.right;
  const scale = scaleLinear<number>({ domain: [...LEVEL_DOMAIN], range: [plotLeft, plotRight], clamp: true });
  const x = (value: number) => scale(value);
  const ticks: number[] = [];
  for (let level = LEVEL_DOMAIN[0]; level <= LEVEL_DOMAIN[1]; level += 1) ticks.push(level);
  return {
    height: LEVEL_CHART.top + rows.length * LEVEL_CHART.row + LEVEL_CHART.bottom,
    plotLeft,
    plotRight,
    ticks,
    scale,
    x,
    rows: rows.map((row, index) => ({
      key: row.questionGroupId,
      name: row.name,
      y: LEVEL_CHART.top + index * LEVEL_CHART.row + LEVEL_CHART.row / 2,
      range:
        row.teamMin !== null && row.teamMax !== null
          ? // A team whose members all answered alike still shows a sliver, not nothing.
            { x: x(row.teamMin), width: Math.max(2, x(row.teamMax) - x(row.teamMin)) }
          : null,
      meanX: row.teamMean !== null ? x(row.teamMean) : null,
      candidateX: row.candidateLevel !== null ? x(row.candidateLevel) : null,
    })),
  };
}
