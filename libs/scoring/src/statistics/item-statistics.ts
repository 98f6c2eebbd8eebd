import { ScoringInputError } from '../errors';
import { ANSWER_MAX, scoredValue } from '../workstyle/scale';
import type { CompactQuestionnaire } from '../workstyle/team-aggregate';

/*
 * Item statistics of a questionnaire version (docs/fairness.md, "Item statistics"): per dimension
 * Cronbach's alpha, and per item its mean, standard deviation and corrected item-total correlation,
 * over the scored values (reverse-keyed items as 6 - value, as the levels use them). Faking items
 * are validity items and belong to no dimension. Variances are sample variances (n - 1); alpha and
 * the correlations are ratios, so the choice cancels out, and the standard deviation is the one a
 * statistics package reports by default. Every undefined number is null with a reason, never NaN.
 */

/** Below this many evaluations a dimension's numbers are too noisy to act on: null with a reason. */
export const ITEM_STATISTICS_MIN_EVALUATIONS = 30;
/** An item whose corrected item-total correlation is below this (negative included) is flagged. */
export const ITEM_TOTAL_FLAG_BELOW = 0.2;

export interface ItemStatistic {
  readonly questionId: number;
  readonly reverseScored: boolean;
  /** Mean scored value (1-5); null below the minimum number of evaluations. */
  readonly mean: number | null;
  /** Sample standard deviation of the scored values. */
  readonly standardDeviation: number | null;
  /** Pearson correlation of the item with the sum of the dimension's other items. */
  readonly correctedItemTotalCorrelation: number | null;
  /** The correlation is defined and below ITEM_TOTAL_FLAG_BELOW: a miskeyed or broken item. */
  readonly flag: boolean;
  /** Why a number of this item is null (null when none is). */
  readonly reason: string | null;
}

export interface DimensionItemStatistics {
  readonly questionGroupId: number;
  readonly name: string;
  /** Evaluations that answered every item of the dimension (a completed evaluation answered all). */
  readonly n: number;
  /** Items of the dimension (faking items excluded). */
  readonly k: number;
  readonly cronbachAlpha: number | null;
  /** Why alpha is null (null when it is not). */
  readonly reason: string | null;
  readonly items: readonly ItemStatistic[];
}

export interface ItemStatisticsOptions {
  /** Default ITEM_STATISTICS_MIN_EVALUATIONS; the worked examples use fewer. */
  readonly minimumEvaluations?: number;
}

/**
 * The statistics of every dimension of `questionnaire` over `evaluations`: one compact value array
 * per evaluation, in the questionnaire's question order (0: not answered). An evaluation counts in
 * a dimension when it answered all of its items. The order of the evaluations changes nothing but
 * floating-point rounding in the last digits.
 */
export function itemStatistics(
  questionnaire: CompactQuestionnaire,
  evaluations: readonly ArrayLike<number>[],
  options: ItemStatisticsOptions = {},
): DimensionItemStatistics[] {
  const minimum = options.minimumEvaluations ?? ITEM_STATISTICS_MIN_EVALUATIONS;
  for (const values of evaluations) checkValues(questionnaire, values);
  return questionnaire.prepared.groups.map((group, index) => {
    const items = questionnaire.scoredItems[index] ?? [];
    const rows: number[][] = [];
    for (const values of evaluations) {
      const row = items.map((item) => values[item.position] ?? 0);
      if (row.every((value) => value !== 0)) rows.push(row.map((value, at) => scoredValue(value, items[at]?.reverse === true)));
    }
    const base = { questionGroupId: group.id, name: group.name, n: rows.length, k: items.length };
    if (rows.length < minimum) {
      const reason = `fewer than ${String(minimum)} completed evaluations (n = ${String(rows.length)})`;
      return {
        ...base,
        cronbachAlpha: null,
        reason,
        items: items.map((item) => ({
          questionId: item.questionId,
          reverseScored: item.reverse,
          mean: null,
          standardDeviation: null,
          correctedItemTotalCorrelation: null,
          flag: false,
          reason,
        })),
      };
    }
    return { ...base, ...dimensionStatistics(rows, items) };
  });
}

function dimensionStatistics(
  rows: readonly number[][],
  items: readonly { questionId: number; reverse: boolean }[],
): Pick<DimensionItemStatistics, 'cronbachAlpha' | 'reason' | 'items'> {
  const k = items.length;
  const totals = rows.map((row) => row.reduce((sum, value) => sum + value, 0));
  const totalVariance = variance(totals);
  const columns = items.map((_item, at) => rows.map((row) => row[at] ?? 0));
  const itemVariances = columns.map(variance);
  let cronbachAlpha: number | null = null;
  let reason: string | null = null;
  if (k < 2) reason = 'alpha needs at least two items';
  else if (totalVariance === 0) reason = "the dimension's total score does not vary";
  else cronbachAlpha = (k / (k - 1)) * (1 - itemVariances.reduce((sum, value) => sum + value, 0) / totalVariance);
  return {
    cronbachAlpha,
    reason,
    items: items.map((item, at) => {
      const column = columns[at] ?? [];
      const rest = totals.map((total, row) => total - (column[row] ?? 0));
      const itemVariance = itemVariances[at] ?? 0;
      const correlation = k < 2 ? null : itemVariance === 0 || variance(rest) === 0 ? null : pearson(column, rest);
      const why =
        k < 2
          ? 'the dimension has no other item to correlate with'
          : itemVariance === 0
            ? 'the item does not vary'
            : correlation === null
              ? "the dimension's other items do not vary"
              : null;
      return {
        questionId: item.questionId,
        reverseScored: item.reverse,
        mean: meanOf(column),
        standardDeviation: Math.sqrt(itemVariance),
        correctedItemTotalCorrelation: correlation,
        flag: correlation !== null && correlation < ITEM_TOTAL_FLAG_BELOW,
        reason: why,
      };
    }),
  };
}

function meanOf(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Sample variance, in two passes (the mean first): exactly 0 for values that are all equal. */
function variance(values: readonly number[]): number {
  const centre = meanOf(values);
  let squares = 0;
  for (const value of values) squares += (value - centre) ** 2;
  return squares / (values.length - 1);
}

/** Pearson correlation of two series that both vary, kept inside [-1, 1] against rounding. */
function pearson(x: readonly number[], y: readonly number[]): number {
  const mx = meanOf(x);
  const my = meanOf(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let row = 0; row < x.length; row += 1) {
    const dx = (x[row] ?? 0) - mx;
    const dy = (y[row] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

function checkValues(questionnaire: CompactQuestionnaire, values: ArrayLike<number>): void {
  if (values.length !== questionnaire.questionIds.length) {
    throw new ScoringInputError(`Expected ${String(questionnaire.questionIds.length)} values, got ${String(values.length)}`);
  }
  for (let position = 0; position < values.length; position += 1) {
    const value = values[position] ?? 0;
    if (!Number.isInteger(value) || value < 0 || value > ANSWER_MAX) {
      throw new ScoringInputError(
        `Answer to question ${String(questionnaire.questionIds[position])} has value ${String(value)}, expected an integer 1-5`,
      );
    }
  }
}
