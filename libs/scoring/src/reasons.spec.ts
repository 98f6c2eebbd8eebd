// docs/scoring.md "Shortlist reasons", computed by hand.
import { scoreReasons } from './reasons';
import { threeGroups, threeGroupsCandidate, threeGroupsTeam } from './test/fixtures';
import type { DimensionResult } from './types';
import { computeWorkstyle } from './workstyle/compute-workstyle';

describe('scoreReasons', () => {
  it('the weights example: pace and detail raise 59.38, reliability lowers it', () => {
    // pace 50 · (75 - 59.38) / 100 = 7.81; detail 25 · (87.5 - 59.38) / 100 = 7.03;
    // reliability 25 · (0 - 59.38) / 100 = -14.845 → -14.85.
    const result = computeWorkstyle({
      questionnaire: threeGroups([2, 1, undefined]),
      candidateAnswers: threeGroupsCandidate,
      teamAnswers: threeGroupsTeam,
    });
    const reasons = scoreReasons(result);
    expect(reasons.raising.map((reason) => [reason.name, reason.impact, reason.candidateLevel, reason.teamMean])).toEqual([
      ['pace', 7.81, 4, 3],
      ['detail', 7.03, 4, 3],
    ]);
    expect(reasons.lowering).toEqual([
      {
        questionGroupId: 30,
        name: 'reliability',
        scoreType: 'MIN_MEAN',
        scorePercentage: 0,
        weightPercentage: 25,
        impact: -14.85,
        candidateLevel: 4,
        teamMean: 3,
      },
    ]);
  });

  const dimension = (questionGroupId: number, scorePercentage: number, weightPercentage = 12.5): DimensionResult => ({
    questionGroupId,
    name: `g${questionGroupId}`,
    scoreType: 'SUPPLEMENTARY',
    scorePercentage,
    scoreCategory: 'medium',
    weightPercentage,
    detail: { candidateLevel: 3, teamMean: null, teamMin: null, teamMax: null, delta: null },
  });

  it('keeps the three largest on each side, ties in group order, and leaves out what does not move the score', () => {
    // overall 50: impacts 12.5 · (s - 50) / 100.
    const dimensions = [
      dimension(1, 90),
      dimension(2, 70),
      dimension(3, 90),
      dimension(4, 60),
      dimension(5, 50),
      dimension(6, 10),
      dimension(7, 30),
      dimension(8, 10),
      dimension(9, 40),
    ];
    const reasons = scoreReasons({ overallScore: 50, dimensions });
    expect(reasons.raising.map((reason) => [reason.questionGroupId, reason.impact])).toEqual([
      [1, 5],
      [3, 5],
      [2, 2.5],
    ]);
    expect(reasons.lowering.map((reason) => [reason.questionGroupId, reason.impact])).toEqual([
      [6, -5],
      [8, -5],
      [7, -2.5],
    ]);
  });

  it('a dimension without weight moves nothing', () => {
    expect(scoreReasons({ overallScore: 40, dimensions: [dimension(1, 100, 0), dimension(2, 0, 0)] })).toEqual({
      raising: [],
      lowering: [],
    });
  });
});
