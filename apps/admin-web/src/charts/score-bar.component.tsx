import { numberWords, scoreFraction } from './chart-scale';

const TRACK = 200;

/**
 * A score of 0-100 as a bar with its number, for the overall and the comparison scores. The bar is
 * decoration (the number beside it is the text), so it is drawn without the chart library: pages
 * that show only scores (the shortlist) do not load it (docs/adr/0081-admin-console-charts.md).
 */
export function ScoreBar({ score, label }: { score: number; label: string }) {
  return (
    <span className="score-bar">
      <svg width={TRACK} height="12" viewBox={`0 0 ${TRACK} 12`} aria-hidden="true">
        <rect className="score-track" x="0" y="0" width={TRACK} height="12" rx="6" />
        <rect className="score-fill" x="0" y="0" width={scoreFraction(score) * TRACK} height="12" rx="6" />
      </svg>
      <span>
        <span className="visually-hidden">{label}: </span>
        {numberWords(score)} of 100
      </span>
    </span>
  );
}
