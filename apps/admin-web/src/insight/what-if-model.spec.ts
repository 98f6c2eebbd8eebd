import type { Schemas } from '@teamfit/api-client';
import { idsOf, pairDimensions } from './what-if-model';

const dimension = (questionGroupId: number, mean: number | null): Schemas['TeamDimensionProfileDto'] => ({
  questionGroupId,
  name: `group ${questionGroupId}`,
  scoreType: 'SUPPLEMENTARY',
  members: mean === null ? 0 : 2,
  mean,
  min: mean,
  max: mean,
  spread: 0,
});

describe('idsOf', () => {
  it('splits on commas, spaces and lines, drops blanks and repeats', () => {
    expect(idsOf(' a, b\nc;  a\n\n')).toEqual(['a', 'b', 'c']);
    expect(idsOf('   ')).toEqual([]);
  });
});

describe('pairDimensions', () => {
  it('puts each dimension before and after side by side, one-sided ones included', () => {
    const rows = pairDimensions(
      { teamSize: 2, conflictStyles: [], dimensions: [dimension(1, 3), dimension(2, 4)] },
      { teamSize: 3, conflictStyles: [], dimensions: [dimension(2, 3.5), dimension(5, 2)] },
    );
    expect(rows.map((row) => [row.questionGroupId, row.before?.mean ?? null, row.after?.mean ?? null])).toEqual([
      [1, 3, null],
      [2, 4, 3.5],
      [5, null, 2],
    ]);
  });
});
