import type { DimensionRow } from '../results/report-model';
import { LEVEL_CHART, levelChartLayout } from './level-chart-model';

const row = (questionGroupId: number, levels: Partial<DimensionRow>): DimensionRow => ({
  questionGroupId,
  name: `Dimension ${questionGroupId}`,
  scoreType: 'SUPPLEMENTARY',
  scorePercentage: 50,
  scoreCategory: 'medium',
  weightPercentage: 10,
  candidateLevel: null,
  teamMean: null,
  teamMin: null,
  teamMax: null,
  delta: null,
  ...levels,
});

/** The only line of a one-dimension chart. */
const onlyLine = (dimension: DimensionRow) => {
  const [line] = levelChartLayout([dimension]).rows;
  if (!line) throw new Error('the chart drew no line');
  return line;
};

const left = LEVEL_CHART.labelWidth;
const right = LEVEL_CHART.width - LEVEL_CHART.right;
const step = (right - left) / 4;

describe('levelChartLayout', () => {
  it('places the levels on the 1-5 scale across the plot, ends on ends', () => {
    const layout = levelChartLayout([row(7, { candidateLevel: 4.5, teamMean: 3, teamMin: 2, teamMax: 5 })]);
    const line = onlyLine(row(7, { candidateLevel: 4.5, teamMean: 3, teamMin: 2, teamMax: 5 }));
    expect(layout.ticks).toEqual([1, 2, 3, 4, 5]);
    expect(layout.x(1)).toBe(left);
    expect(layout.x(5)).toBe(right);
    expect(line.key).toBe(7);
    expect(line.name).toBe('Dimension 7');
    expect(line.candidateX).toBeCloseTo(left + 3.5 * step, 9);
    expect(line.meanX).toBeCloseTo(left + 2 * step, 9);
    expect(line.range?.x).toBeCloseTo(left + step, 9);
    expect(line.range?.width).toBeCloseTo(3 * step, 9);
  });

  it('gives each dimension its own line and the drawing the height of its lines', () => {
    const layout = levelChartLayout([row(1, {}), row(2, {}), row(3, {})]);
    expect(layout.rows.map((line) => line.y)).toEqual(
      [0, 1, 2].map((index) => LEVEL_CHART.top + index * LEVEL_CHART.row + LEVEL_CHART.row / 2),
    );
    expect(layout.height).toBe(LEVEL_CHART.top + 3 * LEVEL_CHART.row + LEVEL_CHART.bottom);
  });

  it('draws no mark for a level the API did not give', () => {
    const line = onlyLine(row(1, { teamMean: 3 }));
    expect(line.candidateX).toBeNull();
    expect(line.range).toBeNull();
    expect(line.meanX).not.toBeNull();
  });

  it('holds values outside the scale at its ends and keeps a range of one value visible', () => {
    const line = onlyLine(row(1, { candidateLevel: 7, teamMean: 0, teamMin: 3, teamMax: 3 }));
    expect(line.candidateX).toBe(right);
    expect(line.meanX).toBe(left);
    expect(line.range?.width).toBe(2);
  });
});
