import { round2 } from './rounding';
import type { DimensionResult, ScoreType, WorkstyleResult } from './types';

/** How many dimensions a shortlist names on each side. */
export const REASONS_PER_SIDE = 3;

/** One dimension that moves a candidate's overall workstyle score, with the levels behind it. */
export interface ScoreReason {
  readonly questionGroupId: number;
  readonly name: string;
  readonly scoreType: ScoreType;
  readonly scorePercentage: number;
  readonly weightPercentage: number;
  /**
   * `weightPercentage * (scorePercentage - overallScore) / 100`, in points of the overall score:
   * how far this dimension pulls the overall score above (positive) or below (negative) the level
   * its other dimensions would give it alone, up to the share they carry. Computed from the
   * rounded numbers shown, then rounded, so a client can check it.
   */
  readonly impact: number;
  readonly candidateLevel: number | null;
  readonly teamMean: number | null;
}

export interface ScoreReasons {
  /** The dimensions that raise the score most, largest impact first. */
  readonly raising: readonly ScoreReason[];
  /** The dimensions that lower it most, most negative impact first. */
  readonly lowering: readonly ScoreReason[];
}

/**
 * The reasons of a workstyle result: the `count` dimensions with the largest positive impact and
 * the `count` with the most negative one; a dimension whose impact rounds to 0 is on neither side.
 * Ties keep the dimensions' own order (group order), so the answer is deterministic.
 */
export function scoreReasons(result: Pick<WorkstyleResult, 'overallScore' | 'dimensions'>, count = REASONS_PER_SIDE): ScoreReasons {
  const reasons = result.dimensions.map((dimension) => reasonOf(dimension, result.overallScore));
  // Array.prototype.sort is stable: equal impacts stay in group order.
  const raising = reasons.filter((reason) => reason.impact > 0).sort((a, b) => b.impact - a.impact);
  const lowering = reasons.filter((reason) => reason.impact < 0).sort((a, b) => a.impact - b.impact);
  return { raising: raising.slice(0, count), lowering: lowering.slice(0, count) };
}

function reasonOf(dimension: DimensionResult, overallScore: number): ScoreReason {
  return {
    questionGroupId: dimension.questionGroupId,
    name: dimension.name,
    scoreType: dimension.scoreType,
    scorePercentage: dimension.scorePercentage,
    weightPercentage: dimension.weightPercentage,
    impact: round2((dimension.weightPercentage * (dimension.scorePercentage - overallScore)) / 100),
    candidateLevel: dimension.detail.candidateLevel,
    teamMean: dimension.detail.teamMean,
  };
}
