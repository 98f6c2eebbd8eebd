import type { QuestionGroupDefinition } from '../types';

/**
 * `weightPercentage = 100 * weight / sum of weights`, weight defaulting to 1. When every weight
 * is 0 (or there is no group) nothing carries weight: all percentages are 0 and so is the overall
 * score, rather than a division by zero.
 */
export function weightPercentages(groups: readonly QuestionGroupDefinition[]): number[] {
  const weights = groups.map((group) => group.weight ?? 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => (total > 0 ? (100 * weight) / total : 0));
}

/** `overallScore = sum(weightPercentage * scorePercentage) / 100`, over unrounded numbers. */
export function overallScore(weights: readonly number[], scores: readonly number[]): number {
  let sum = 0;
  weights.forEach((weight, index) => {
    sum += weight * (scores[index] ?? 0);
  });
  return Math.min(100, Math.max(0, sum / 100));
}
