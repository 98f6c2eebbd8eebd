import { AxisTop } from '@visx/axis';
import { Group } from '@visx/group';
import { Bar, Circle, Line } from '@visx/shape';
import type { DimensionRow } from '../results/report-model';
import { LEVEL_CHART, levelChartLayout } from './level-chart-model';
import './charts.css';

/**
 * Each dimension of one score type as a line on the 1-5 answer scale, drawn with visx: the team's
 * range (min to max) as a bar, its mean as a tick and the candidate's level as a dot. The drawing
 * is an image with a short description; the numbers are in the table the page shows beside it
 * (its text equivalent, docs/adr/0081-admin-console-charts.md).
 */
export function LevelRangeChart({ rows, title, tableId }: { rows: readonly DimensionRow[]; title: string; tableId: string }) {
  const layout = levelChartLayout(rows);
  const bottom = layout.height - LEVEL_CHART.bottom;
  return (
    <svg
      className="level-chart"
      viewBox={`0 0 ${LEVEL_CHART.width} ${layout.height}`}
      role="img"
      aria-label={`${title}: the candidate's level against the team's range and mean on the 1 to 5 scale, for ${rows.length} ${
        rows.length === 1 ? 'dimension' : 'dimensions'
      }. The numbers are in the table that follows.`}
      aria-describedby={tableId}
    >
      {layout.ticks.map((tick) => (
        <Line key={tick} className="grid" from={{ x: layout.x(tick), y: LEVEL_CHART.top - 6 }} to={{ x: layout.x(tick), y: bottom }} />
      ))}
      <AxisTop
        top={LEVEL_CHART.top - 6}
        scale={layout.scale}
        tickValues={[...layout.ticks]}
        tickFormat={(value) => String(value)}
        hideAxisLine
        hideTicks
        tickClassName="tick"
        tickLabelProps={{ fontSize: 13, fill: '#1f2937', textAnchor: 'middle' }}
      />
      {layout.rows.map((row) => (
        <Group key={row.key} top={row.y}>
          <text className="label" x={LEVEL_CHART.labelWidth - 10} y={4} textAnchor="end">
            {row.name}
          </text>
          {row.range ? <Bar className="range" x={row.range.x} y={-5} width={row.range.width} height={10} rx={3} /> : null}
          {row.meanX !== null ? <Line className="mean" from={{ x: row.meanX, y: -10 }} to={{ x: row.meanX, y: 10 }} /> : null}
          {row.candidateX !== null ? <Circle className="candidate" cx={row.candidateX} cy={0} r={7} /> : null}
        </Group>
      ))}
    </svg>
  );
}

/** The key to the chart's marks, once per page. */
export function LevelChartKey() {
  return (
    <ul className="chart-key" aria-label="How to read the charts">
      <li>
        <svg width="18" height="18" aria-hidden="true">
          <circle className="candidate" cx="9" cy="9" r="7" />
        </svg>
        the candidate’s level
      </li>
      <li>
        <svg width="26" height="18" aria-hidden="true">
          <rect className="range" x="1" y="4" width="24" height="10" rx="3" />
        </svg>
        the team’s range (lowest to highest member)
      </li>
      <li>
        <svg width="10" height="18" aria-hidden="true">
          <line className="mean" x1="5" x2="5" y1="0" y2="18" />
        </svg>
        the team’s mean
      </li>
    </ul>
  );
}
