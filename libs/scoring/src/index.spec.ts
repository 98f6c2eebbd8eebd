// The entry point the evaluation service imports: everything it needs is exported from it.
import * as scoring from '@teamfit/scoring';

describe('@teamfit/scoring entry point', () => {
  it.each([
    'computeWorkstyle',
    'computeRoleMatch',
    'isRoleMatchScore',
    'computeCombinedScore',
    'blendWorkstyleScore',
    'compareIndividuals',
    'categoryOf',
    'round2',
    'isScoreType',
  ])('exports the function %s', (name) => {
    expect(typeof (scoring as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports the documented constants', () => {
    expect(scoring.WORKSTYLE_SCORING_VERSION).toBe('ws-1');
    expect(scoring.DEFAULT_ROLE_WEIGHT).toBe(50);
    expect([...scoring.PRIORITY_POINTS, scoring.LOWEST_PRIORITY_POINTS]).toEqual([13, 7, 3, 1]);
    expect([scoring.EXPERIENCE_WEIGHT, scoring.GOAL_WEIGHT]).toEqual([0.95, 0.05]);
    expect([scoring.TEAM_WORKSTYLE_WEIGHT, scoring.MANAGEMENT_WORKSTYLE_WEIGHT]).toEqual([0.7, 0.3]);
    expect(scoring.CATEGORY_BUCKETS).toEqual({ lowBelow: 33, mediumBelow: 66 });
    expect(scoring.SCORE_TYPES).toHaveLength(8);
    expect(scoring.COMPARISON_MODES).toEqual(['PAIRWISE', 'MUTUAL', 'SIMULATED_TEAM']);
    expect(new scoring.ScoringInputError('x')).toBeInstanceOf(Error);
  });
});
