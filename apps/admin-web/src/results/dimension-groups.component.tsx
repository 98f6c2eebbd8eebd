import type { Schemas } from '@teamfit/api-client';
import { LevelChartKey, LevelRangeChart } from '../charts/level-range-chart.component';
import { DimensionTable } from './dimension-table.component';
import { groupByScoreType } from './report-model';

/** Every dimension, grouped by score type: per group its chart and, beside it, its numbers. */
export function DimensionGroups({ dimensions, idPrefix }: { dimensions: readonly Schemas['DimensionResultDto'][]; idPrefix: string }) {
  const groups = groupByScoreType(dimensions);
  if (groups.length === 0) return <p>No dimension was scored.</p>;
  return (
    <>
      <LevelChartKey />
      {groups.map((group) => {
        const tableId = `${idPrefix}-${group.scoreType.toLowerCase()}`;
        return (
          <section key={group.scoreType} className="dimension-group" aria-labelledby={`${tableId}-title`}>
            <h3 id={`${tableId}-title`}>{group.title}</h3>
            {group.meaning ? <p className="meta">This score type {group.meaning}.</p> : null}
            <figure className="chart-figure">
              <LevelRangeChart rows={group.rows} title={group.title} tableId={tableId} />
            </figure>
            <DimensionTable id={tableId} caption={`${group.title}: the numbers`} rows={group.rows} />
          </section>
        );
      })}
    </>
  );
}
