import { LEVEL_DOMAIN, linearScale, numberWords } from './chart-scale';
import type { DimensionRow } from '../results/report-model';
import './charts.css';

const ROW = 34;
const LABEL = 190;
const WIDTH = 560;
const PLOT_END = WIDTH - 20;
const TOP = 26;

/**
 * Each dimension of one score type as a line on the 1-5 answer scale: the team's range (min to
 * max) as a bar, its mean as a tick and the candidate's level as a dot. The drawing is an image
 * with a short description; the numbers are in the table the page shows beside it (its text
 * equivalent, docs/adr/0081-admin-console-charts.md).
 */
export function LevelRangeChart({ rows, title, tableId }: { rows: readonly DimensionRow[]; title: string; tableId: string }) {
  const x = linearScale(LEVEL_DOMAIN, [LABEL, PLOT_END]);
  const height = TOP + rows.length * ROW + 8;
  return (
    <svg
      className="level-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`${title}: the candidate's level against the team's range and mean on the 1 to 5 scale, for ${rows.length} ${
        rows.length === 1 ? 'dimension' : 'dimensions'
      }. The numbers are in the table that follows.`}
      aria-describedby={tableId}
    >
      {x.ticks().map((tick) => (
        <g key={tick}>
          <line className="grid" x1={x(tick)} x2={x(tick)} y1={TOP - 6} y2={height - 8} />
          <text className="tick" x={x(tick)} y={TOP - 10} textAnchor="middle">
            {tick}
          </text>
        </g>
      ))}
      {rows.map((row, index) => {
        const y = TOP + index * ROW + ROW / 2;
        return (
          <g key={row.questionGroupId}>
            <text className="label" x={LABEL - 10} y={y + 4} textAnchor="end">
              {row.name}
            </text>
            {row.teamMin !== null && row.teamMax !== null ? (
              <rect
                className="range"
                x={x(row.teamMin)}
                y={y - 5}
                width={Math.max(2, x(row.teamMax) - x(row.teamMin))}
                height={10}
                rx={3}
              />
            ) : null}
            {row.teamMean !== null ? <line className="mean" x1={x(row.teamMean)} x2={x(row.teamMean)} y1={y - 10} y2={y + 10} /> : null}
            {row.candidateLevel !== null ? <circle className="candidate" cx={x(row.candidateLevel)} cy={y} r={7} /> : null}
          </g>
        );
      })}
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

/** A score of 0-100 as a bar with its number, for the overall and the comparison scores. */
export function ScoreBar({ score, label }: { score: number; label: string }) {
  const x = linearScale([0, 100], [0, 200]);
  return (
    <span className="score-bar">
      <svg width="200" height="12" viewBox="0 0 200 12" aria-hidden="true">
        <rect className="score-track" x="0" y="0" width="200" height="12" rx="6" />
        <rect className="score-fill" x="0" y="0" width={x(score)} height="12" rx="6" />
      </svg>
      <span>
        <span className="visually-hidden">{label}: </span>
        {numberWords(score)} of 100
      </span>
    </span>
  );
}
