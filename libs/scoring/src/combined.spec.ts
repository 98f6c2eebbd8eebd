// docs/scoring.md "Combined score", computed by hand.
import { blendWorkstyleScore, computeCombinedScore } from './combined';
import { ScoringInputError } from './errors';

describe('computeCombinedScore', () => {
  it('roleWeight defaults to 50: (51.97 · 50 + 59.38 · 50) / 100 = 55.675 → 55.68', () => {
    expect(computeCombinedScore({ roleScore: 51.97, workstyleScore: 59.38 })).toEqual({
      score: 55.68,
      scoreCategory: 'medium',
      roleWeight: 50,
    });
  });

  it('roleWeight 25: (51.97 · 25 + 59.38 · 75) / 100 = 57.5275 → 57.53', () => {
    expect(computeCombinedScore({ roleScore: 51.97, workstyleScore: 59.38, roleWeight: 25 })).toEqual({
      score: 57.53,
      scoreCategory: 'medium',
      roleWeight: 25,
    });
  });

  it('roleWeight 0 and 100 give the workstyle and the role score', () => {
    expect(computeCombinedScore({ roleScore: 20, workstyleScore: 80, roleWeight: 0 })?.score).toBe(80);
    expect(computeCombinedScore({ roleScore: 20, workstyleScore: 80, roleWeight: 100 })?.score).toBe(20);
  });

  it('equals the one score that exists', () => {
    expect(computeCombinedScore({ roleScore: null, workstyleScore: 59.38 })).toEqual({
      score: 59.38,
      scoreCategory: 'medium',
      roleWeight: 50,
    });
    expect(computeCombinedScore({ roleScore: 70, workstyleScore: null, roleWeight: 10 })).toEqual({
      score: 70,
      scoreCategory: 'high',
      roleWeight: 10,
    });
  });

  it('is null when neither score exists', () => {
    expect(computeCombinedScore({ roleScore: null, workstyleScore: null })).toBeNull();
  });

  it.each([-1, 100.5, Number.NaN])('rejects roleWeight %p', (roleWeight) => {
    expect(() => computeCombinedScore({ roleScore: 1, workstyleScore: 2, roleWeight })).toThrow(ScoringInputError);
  });
});

describe('blendWorkstyleScore', () => {
  it('blends 0.7 · team + 0.3 · management when both exist: 0.7 · 80 + 0.3 · 50 = 71', () => {
    expect(blendWorkstyleScore(80, 50)).toBe(71);
  });

  it('uses the team workstyle unchanged while management workstyle is absent', () => {
    expect(blendWorkstyleScore(59.38)).toBe(59.38);
    expect(blendWorkstyleScore(59.38, null)).toBe(59.38);
    expect(blendWorkstyleScore(null, null)).toBeNull();
  });
});
