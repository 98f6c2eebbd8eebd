// docs/scoring.md "Individual comparisons", computed by hand.
import { compareIndividuals } from './comparison';
import { answers, fourItems } from './test/fixtures';
import { computeWorkstyle } from './workstyle/compute-workstyle';

const questionnaire = fourItems('TOP_TEN');
const a = answers({ 1: 5, 2: 4, 3: 2, 4: 1 });
const b = answers({ 1: 3, 2: 5, 3: 5, 4: 1 });

describe('compareIndividuals', () => {
  it('PAIRWISE (default) scores B against a one-person team of A: 62.5, no reverse fields', () => {
    const result = compareIndividuals({ questionnaire, answersA: a, answersB: b });
    expect(result.mode).toBe('PAIRWISE');
    expect(result.score).toBe(62.5);
    expect(result.scoreCategory).toBe('medium');
    expect(result.dimensions).toEqual([
      {
        questionGroupId: 1,
        name: 'top_ten',
        scoreType: 'TOP_TEN',
        scorePercentage: 62.5,
        scoreCategory: 'medium',
        weightPercentage: 100,
        detail: { candidateLevel: 3.5, teamMean: 3, teamMin: 3, teamMax: 3, delta: 0.5 },
      },
    ]);
    expect(result).not.toHaveProperty('reverseScore');
    expect(result).not.toHaveProperty('reverseDimensions');
    expect(result.bToA).toBeNull();
    expect(result.aToB.teamSize).toBe(1);
  });

  it('PAIRWISE is directional: B/A gives 50', () => {
    expect(compareIndividuals({ questionnaire, answersA: b, answersB: a, mode: 'PAIRWISE' }).score).toBe(50);
  });

  it.each(['MUTUAL', 'SIMULATED_TEAM'] as const)('%s averages both directions: (62.5 + 50) / 2 = 56.25', (mode) => {
    const result = compareIndividuals({ questionnaire, answersA: a, answersB: b, mode });
    expect(result).toMatchObject({ mode, score: 56.25, scoreCategory: 'medium', reverseScore: 50 });
    expect(result.dimensions[0]!.scorePercentage).toBe(62.5);
    expect(result.reverseDimensions?.[0]).toMatchObject({
      scorePercentage: 50,
      detail: { candidateLevel: 3, teamMean: 3.5, teamMin: 3.5, teamMax: 3.5, delta: -0.5 },
    });
    expect(compareIndividuals({ questionnaire, answersA: b, answersB: a, mode }).score).toBe(56.25);
  });

  it('PAIRWISE equals computeWorkstyle with B as candidate and team [A]', () => {
    const direct = computeWorkstyle({ questionnaire, candidateAnswers: b, teamAnswers: [a] });
    expect(compareIndividuals({ questionnaire, answersA: a, answersB: b }).aToB).toEqual(direct);
  });

  it('scores B on norm(level) when A has no scored answer (a one-person team that is empty)', () => {
    // B's level (3 + 5 + 5 + 1) / 4 = 3.5: norm = 62.5, teamSize 0.
    const result = compareIndividuals({ questionnaire, answersA: [], answersB: b });
    expect(result.score).toBe(62.5);
    expect(result.aToB.teamSize).toBe(0);
  });
});
