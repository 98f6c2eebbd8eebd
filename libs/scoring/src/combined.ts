import { categoryOf } from './categories';
import { ScoringInputError } from './errors';
import { round2 } from './rounding';
import type { CombinedScore, CombinedScoreInput } from './types';

export const DEFAULT_ROLE_WEIGHT = 50;
/** Workstyle blend (docs/scoring.md, "Combined score"): `0.7 x teamWorkstyle + 0.3 x managementWorkstyle` when both exist. */
export const TEAM_WORKSTYLE_WEIGHT = 0.7;
export const MANAGEMENT_WORKSTYLE_WEIGHT = 0.3;

/**
 * `combined = (roleScore x roleWeight + workstyleScore x (100 - roleWeight)) / 100` (docs/scoring.md, "Combined score").
 * With only one of the two scores, combined equals that one; with neither there is nothing to
 * combine (null). The inputs are used as given, normally the rounded scores the client is shown,
 * so the client can recompute the combined score from the response.
 */
export function computeCombinedScore(input: CombinedScoreInput): CombinedScore | null {
  const roleWeight = input.roleWeight ?? DEFAULT_ROLE_WEIGHT;
  if (!Number.isFinite(roleWeight) || roleWeight < 0 || roleWeight > 100) {
    throw new ScoringInputError(`roleWeight ${String(roleWeight)} is outside 0-100`);
  }
  const { roleScore, workstyleScore } = input;
  let score: number;
  if (roleScore !== null && workstyleScore !== null) score = (roleScore * roleWeight + workstyleScore * (100 - roleWeight)) / 100;
  else if (roleScore !== null) score = roleScore;
  else if (workstyleScore !== null) score = workstyleScore;
  else return null;
  const rounded = round2(score);
  return { score: rounded, scoreCategory: categoryOf(rounded), roleWeight };
}

/**
 * The workstyle score fed into the combined score. Management workstyle is currently always
 * absent (null), so the team workstyle is used unchanged; the blend is here so that the day it
 * exists the rule lives in one place.
 */
export function blendWorkstyleScore(teamWorkstyle: number | null, managementWorkstyle: number | null = null): number | null {
  if (teamWorkstyle !== null && managementWorkstyle !== null) {
    return round2(TEAM_WORKSTYLE_WEIGHT * teamWorkstyle + MANAGEMENT_WORKSTYLE_WEIGHT * managementWorkstyle);
  }
  return teamWorkstyle ?? managementWorkstyle;
}
