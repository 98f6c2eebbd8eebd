// docs/scoring.md "Role match": the worked example and the edge cases, computed by hand.
import { ScoringInputError } from './errors';
import { computeRoleMatch, isRoleMatchScore, pointsForPriority } from './role-match';
import type { RoleMatchInput, RoleMatchResult, RoleMatchScore } from './types';

const example: RoleMatchInput = {
  roleId: 7,
  specification: {
    industry: { ids: [1, 2], priority: 1 },
    function: { ids: [], priority: 1 },
    skill: { ids: [10, 11, 12], priority: 2 },
    professionalYears: { id: 3, priority: 3 },
    location: { ids: [7], priority: 4 },
  },
  experience: { industryIds: [2, 5], skillIds: [10], professionalYearsId: 4 },
  goal: { industryIds: [1, 2], locationIds: [8] },
  professionalYears: [
    { id: 2, orderBy: 2 },
    { id: 3, orderBy: 3 },
    { id: 4, orderBy: 4 },
  ],
  educationLevels: [],
};

function scored(result: RoleMatchResult): RoleMatchScore {
  if (!isRoleMatchScore(result)) throw new Error(`expected a score, got error ${result.error}`);
  return result;
}

describe('computeRoleMatch', () => {
  it('reproduces the worked example: experience 51.45, goal 61.9, score 51.97', () => {
    expect(computeRoleMatch(example)).toEqual({
      roleId: 7,
      score: 51.97,
      scoreCategory: 'medium',
      experienceScore: 51.45,
      goalScore: 61.9,
      breakdown: [
        { name: 'industry', priority: 1, percentageMatch: 0.5, points: 6.5, maxPoints: 13, source: 'experience' },
        { name: 'skill', priority: 2, percentageMatch: 0.33, points: 2.33, maxPoints: 7, source: 'experience' },
        { name: 'professionalYears', priority: 3, percentageMatch: 1, points: 3, maxPoints: 3, source: 'experience' },
        { name: 'industry', priority: 1, percentageMatch: 1, points: 13, maxPoints: 13, source: 'goal' },
        { name: 'skill', priority: 2, percentageMatch: 0, points: 0, maxPoints: 7, source: 'goal' },
        { name: 'location', priority: 4, percentageMatch: 0, points: 0, maxPoints: 1, source: 'goal' },
      ],
    });
  });

  it('matches nothing on the experience side without an experience record: 0.05 · 61.90 = 3.1', () => {
    const result = scored(computeRoleMatch({ ...example, experience: null }));
    expect(result.experienceScore).toBe(0);
    expect(result.score).toBe(3.1);
    expect(result.scoreCategory).toBe('low');
    expect(result.breakdown.filter((element) => element.source === 'experience').map((element) => element.points)).toEqual([0, 0, 0]);
  });

  it('uses the one configured side directly (only location: the goal score)', () => {
    // The worked example's variant: only location [7], goal locations [8]: goal 0, used directly.
    expect(scored(computeRoleMatch({ ...example, specification: { location: { ids: [7], priority: 4 } } }))).toMatchObject({
      score: 0,
      scoreCategory: 'low',
      experienceScore: null,
      goalScore: 0,
    });
    const onlyGoal = computeRoleMatch({ ...example, specification: { location: { ids: [7, 8], priority: 2 } } });
    // Goal locations [8] hold one of the two wanted: 50, used directly (not 0.05 · 50).
    expect(scored(onlyGoal)).toMatchObject({ score: 50, experienceScore: null, goalScore: 50 });
  });

  it('uses the experience side directly when the goal side has no criterion', () => {
    const onlyExperience = computeRoleMatch({
      ...example,
      specification: { studyMajor: { ids: [3, 4, 5, 6], priority: 1 } },
      experience: { studyMajorIds: [4, 6, 9] },
    });
    expect(scored(onlyExperience)).toMatchObject({ score: 50, experienceScore: 50, goalScore: null });
    expect(scored(onlyExperience).breakdown).toEqual([
      { name: 'studyMajor', priority: 1, percentageMatch: 0.5, points: 6.5, maxPoints: 13, source: 'experience' },
    ]);
  });

  it('returns an error, not a score, when no criterion forms an element (empty sets only)', () => {
    const result = computeRoleMatch({
      ...example,
      specification: { industry: { ids: [], priority: 1 }, location: { ids: [], priority: 2 } },
    });
    expect(result).toEqual({ roleId: 7, error: 'Role specification has no criteria' });
  });

  it('counts distinct ids only', () => {
    const result = computeRoleMatch({
      ...example,
      specification: { skill: { ids: [10, 10, 11], priority: 1 } },
      experience: { skillIds: [10, 10] },
      goal: null,
    });
    // Experience 1/2 of {10, 11}; goal (no record) 0: 0.95 · 50 + 0.05 · 0 = 47.5.
    expect(scored(result)).toMatchObject({ score: 47.5, experienceScore: 50, goalScore: 0 });
  });

  describe('threshold match', () => {
    const levels = [
      { id: 1, orderBy: 1 },
      { id: 2, orderBy: 2 },
      { id: 3, orderBy: 3 },
    ];
    const run = (candidateId: number | null | undefined, specId = 2) =>
      computeRoleMatch({
        ...example,
        specification: { educationLevel: { id: specId, priority: 1 } },
        experience: candidateId === undefined ? null : { educationLevelId: candidateId },
        goal: null,
        educationLevels: levels,
      });

    it.each([
      [3, 100],
      [2, 100],
      [1, 0],
      [null, 0],
      [99, 0], // candidate id unknown to the lookup: its value is missing
      [undefined, 0], // no experience record
    ])('candidate level %p against required orderBy 2 scores %p', (candidateId, score) => {
      expect(scored(run(candidateId))).toMatchObject({ score, experienceScore: score, goalScore: null });
    });

    it('forms no element when the specification id is unknown to the lookup', () => {
      expect(run(3, 42)).toEqual({ roleId: 7, error: 'Role specification has no criteria' });
    });
  });

  it.each([
    [1, 13],
    [2, 7],
    [3, 3],
    [4, 1],
    [9, 1],
  ])('gives priority %p %p points', (priority, points) => {
    expect(pointsForPriority(priority)).toBe(points);
  });

  it.each([0, -1, 1.5])('rejects priority %p', (priority) => {
    expect(() => computeRoleMatch({ ...example, specification: { skill: { ids: [1], priority } } })).toThrow(ScoringInputError);
  });
});
