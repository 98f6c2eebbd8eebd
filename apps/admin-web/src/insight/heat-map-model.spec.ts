import type { Schemas } from '@teamfit/api-client';
import { heatLevel, heatMapOf, latestCompleted } from './heat-map-model';

const result = (levels: [number, string, number | null][]): Pick<Schemas['EvaluationDto'], 'id' | 'results'> => ({
  id: `evaluation-${levels.length}`,
  results: {
    overallScore: 50,
    overallCategory: 'medium',
    totalTimeTaken: 10,
    teamSize: 2,
    scoringVersion: 'ws-1',
    validity: { fakingIndex: null, fastAnswerRatio: 0, longestSameAnswerRun: 1, flagged: false },
    dimensions: levels.map(([questionGroupId, name, candidateLevel]) => ({
      questionGroupId,
      name,
      scoreType: 'SUPPLEMENTARY',
      scorePercentage: 50,
      scoreCategory: 'medium',
      weightPercentage: 50,
      detail: { candidateLevel, teamMean: 3, teamMin: 1, teamMax: 5, delta: null },
    })),
  },
});

describe('heatLevel', () => {
  it('bands a level of the 1-5 scale to the nearest whole answer, half-way up', () => {
    expect([1, 1.49, 1.5, 2.5, 3.2, 4.5, 5].map(heatLevel)).toEqual([1, 1, 2, 3, 3, 5, 5]);
  });

  it('holds values off the scale at its ends and has no band without a level', () => {
    expect(heatLevel(0.2)).toBe(1);
    expect(heatLevel(7)).toBe(5);
    expect(heatLevel(null)).toBeNull();
    expect(heatLevel(undefined)).toBeNull();
  });
});

describe('heatMapOf', () => {
  it('makes one row per member and one column per dimension any member has', () => {
    const map = heatMapOf([
      {
        personaId: 'a',
        name: 'Ann',
        evaluation: result([
          [1, 'pace', 4.25],
          [2, 'detail', null],
        ]),
      },
      { personaId: 'b', name: 'Ben', evaluation: null },
      {
        personaId: 'c',
        name: 'Cy',
        evaluation: result([
          [3, 'risk', 2],
          [1, 'pace', 1],
          [2, 'detail', 5],
        ]),
      },
    ]);
    expect(map.dimensions.map((dimension) => dimension.name)).toEqual(['pace', 'detail', 'risk']);
    expect(map.members.map((member) => [member.name, member.evaluationId])).toEqual([
      ['Ann', 'evaluation-2'],
      ['Ben', null],
      ['Cy', 'evaluation-3'],
    ]);
    expect(map.members[0]?.levels.get(1)).toBe(4.25);
    expect(map.members[0]?.levels.get(2)).toBeNull();
    expect(map.members[0]?.levels.has(3)).toBe(false);
    expect(map.members[1]?.levels.size).toBe(0);
  });
});

describe('latestCompleted', () => {
  it('takes the complete evaluation updated last', () => {
    const items = [
      { id: 'old', status: 'complete' as const, updatedAt: '2026-01-01T00:00:00Z' },
      { id: 'open', status: 'in_progress' as const, updatedAt: '2026-03-01T00:00:00Z' },
      { id: 'new', status: 'complete' as const, updatedAt: '2026-02-01T00:00:00Z' },
    ];
    expect(latestCompleted(items)?.id).toBe('new');
    expect(latestCompleted(items.slice(1, 2))).toBeNull();
  });
});
