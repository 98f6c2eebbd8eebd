import { ScoringInputError } from '../errors';
import type { ScoreType } from '../types';
import { ANSWER_MAX, scoredValue } from './scale';
import type { CompactQuestionnaire, LevelTally, ReadonlyTeamAggregate } from './team-aggregate';
import { weightPercentages } from './weights';

/*
 * The data TeamScorer scores with: per dimension, what the questionnaire fixes (the layout) and
 * what the team context gives (the part), both in flat arrays. A team context without one of its
 * members is derived from the whole team's parts by taking that member's levels out of them, as
 * TeamAggregate.removeMember takes them out of its tallies: tallies are multisets and item sums
 * integers, so nothing is rounded and the means are added up again in the same ascending order.
 */

/** A dimension's scored (non-faking) questions, from the questionnaire alone. */
export interface DimensionLayout {
  readonly scoreType: ScoreType;
  /** Each item's position in the compact values, and whether it is reverse-scored. */
  readonly positions: Int32Array;
  readonly reverse: Uint8Array;
  /** CONFLICT: each item's sub-group, an index into `subGroups`. */
  readonly subGroupOf: Int32Array;
  readonly subGroups: readonly string[];
  /** Each item's position in delivery order (TOP_TEN ties). */
  readonly ranks: Int32Array;
}

export interface Layout {
  readonly questionIds: readonly number[];
  readonly dimensions: readonly DimensionLayout[];
  readonly weights: readonly number[];
  readonly mostSubGroups: number;
}

/** A questionnaire is immutable: its layout is worked out once, whatever the number of teams scored with it. */
const layouts = new WeakMap<CompactQuestionnaire, Layout>();

export function layoutOf(questionnaire: CompactQuestionnaire): Layout {
  const known = layouts.get(questionnaire);
  if (known) return known;
  const dimensions = questionnaire.prepared.groups.map((group, index): DimensionLayout => {
    const items = questionnaire.scoredItems[index] ?? [];
    const subGroups = [...new Set(items.map((item) => item.subGroup))];
    return {
      scoreType: group.scoreType,
      positions: Int32Array.from(items, (item) => item.position),
      reverse: Uint8Array.from(items, (item) => (item.reverse ? 1 : 0)),
      subGroupOf: Int32Array.from(items, (item) => subGroups.indexOf(item.subGroup)),
      subGroups,
      ranks: Int32Array.from(items, (item) => questionnaire.prepared.deliveryRank.get(item.questionId) ?? 0),
    };
  });
  const mostSubGroups = Math.max(0, ...dimensions.map((dimension) => dimension.subGroups.length));
  const layout = {
    questionIds: questionnaire.questionIds,
    dimensions,
    weights: weightPercentages(questionnaire.prepared.groups),
    mostSubGroups,
  };
  layouts.set(questionnaire, layout);
  return layout;
}

/** The team context on one dimension. */
export interface TeamPart {
  readonly levels: LevelTally;
  readonly statistics: { readonly mean: number; readonly min: number; readonly max: number } | null;
  /** CONFLICT: the members' levels in each of the layout's sub-groups (empty: none). */
  readonly subGroups: readonly LevelTally[];
  /** TOP_TEN, per item: the members' integer sum and count of scored values, their mean (NaN: none), and the items answered in the team's order (mean descending, then delivery). */
  readonly itemSums: Int32Array;
  readonly itemCounts: Int32Array;
  readonly itemMeans: Float64Array;
  readonly topOrder: Int32Array;
}

const EMPTY: LevelTally = { values: [], counts: [], size: 0, mean: NaN };
const NO_INTEGERS = new Int32Array(0);
const NO_NUMBERS = new Float64Array(0);

/** The whole team's parts, read from its aggregate (means as its tallies compute them). */
export function partsOf(team: ReadonlyTeamAggregate, layout: Layout): TeamPart[] {
  return layout.dimensions.map((dimension, index) => {
    const summary = team.dimensionSummary(index);
    const subGroups = dimension.scoreType === 'CONFLICT' ? dimension.subGroups.map((name) => summary.subGroups.get(name) ?? EMPTY) : [];
    if (dimension.scoreType !== 'TOP_TEN')
      return {
        levels: summary.levels,
        statistics: summary.statistics,
        subGroups,
        itemSums: NO_INTEGERS,
        itemCounts: NO_INTEGERS,
        itemMeans: NO_NUMBERS,
        topOrder: NO_INTEGERS,
      };
    const totals = Array.from(dimension.positions, (position) => team.itemTotals(position));
    return {
      levels: summary.levels,
      statistics: summary.statistics,
      subGroups,
      ...items(
        dimension,
        Int32Array.from(totals, (total) => total.sum),
        Int32Array.from(totals, (total) => total.count),
      ),
    };
  });
}

/** The parts of the same team without a member holding `values` (who must be in it). */
export function partsWithout(parts: readonly TeamPart[], layout: Layout, values: ArrayLike<number>): TeamPart[] {
  checkValues(layout, values);
  return layout.dimensions.map((dimension, index) => {
    const part = parts[index] as TeamPart;
    const { positions, reverse } = dimension;
    let sum = 0;
    let count = 0;
    for (let item = 0; item < positions.length; item += 1) {
      const raw = values[positions[item] ?? 0] ?? 0;
      if (raw !== 0) {
        sum += scoredValue(raw, reverse[item] === 1);
        count += 1;
      }
    }
    if (count === 0) return part;
    const levels = withoutOne(part.levels, sum / count);
    const statistics =
      levels.size === 0 ? null : { mean: levels.mean, min: levels.values[0] ?? NaN, max: levels.values[levels.values.length - 1] ?? NaN };
    if (dimension.scoreType === 'CONFLICT') return { ...part, levels, statistics, subGroups: subGroupsWithout(part, dimension, values) };
    if (dimension.scoreType === 'TOP_TEN') return { ...part, levels, statistics, ...itemsWithout(part, dimension, values) };
    return { ...part, levels, statistics };
  });
}

/** CONFLICT: the member's level in each sub-group they answered, taken out of the sub-group's tally. */
function subGroupsWithout(part: TeamPart, dimension: DimensionLayout, values: ArrayLike<number>): LevelTally[] {
  const sums: number[] = dimension.subGroups.map(() => 0);
  const counts: number[] = dimension.subGroups.map(() => 0);
  for (let item = 0; item < dimension.positions.length; item += 1) {
    const raw = values[dimension.positions[item] ?? 0] ?? 0;
    if (raw === 0) continue;
    const subGroup = dimension.subGroupOf[item] ?? 0;
    sums[subGroup] = (sums[subGroup] ?? 0) + scoredValue(raw, dimension.reverse[item] === 1);
    counts[subGroup] = (counts[subGroup] ?? 0) + 1;
  }
  return part.subGroups.map((tally, subGroup) => {
    const members = counts[subGroup] ?? 0;
    return members === 0 ? tally : withoutOne(tally, (sums[subGroup] ?? 0) / members);
  });
}

/** TOP_TEN: the member's scored values taken out of the item sums, and the team's order again. */
function itemsWithout(
  part: TeamPart,
  dimension: DimensionLayout,
  values: ArrayLike<number>,
): Pick<TeamPart, 'itemSums' | 'itemCounts' | 'itemMeans' | 'topOrder'> {
  const itemSums = part.itemSums.slice();
  const itemCounts = part.itemCounts.slice();
  for (let item = 0; item < dimension.positions.length; item += 1) {
    const raw = values[dimension.positions[item] ?? 0] ?? 0;
    if (raw === 0) continue;
    itemSums[item] = (itemSums[item] ?? 0) - scoredValue(raw, dimension.reverse[item] === 1);
    itemCounts[item] = (itemCounts[item] ?? 0) - 1;
  }
  return items(dimension, itemSums, itemCounts);
}

/** Refuses compact values the full scoring path refuses, with its message. */
export function checkValues(layout: Layout, values: ArrayLike<number>): void {
  for (let position = 0; position < layout.questionIds.length; position += 1) {
    const value = values[position] ?? 0;
    if (value !== 0 && (!Number.isInteger(value) || value < 1 || value > ANSWER_MAX)) {
      throw new ScoringInputError(
        `Answer to question ${String(layout.questionIds[position])} has value ${String(value)}, expected an integer 1-5`,
      );
    }
  }
}

function items(
  dimension: DimensionLayout,
  itemSums: Int32Array,
  itemCounts: Int32Array,
): Pick<TeamPart, 'itemSums' | 'itemCounts' | 'itemMeans' | 'topOrder'> {
  const itemMeans = new Float64Array(itemSums.length);
  const answered: number[] = [];
  for (let item = 0; item < itemSums.length; item += 1) {
    const count = itemCounts[item] ?? 0;
    itemMeans[item] = count > 0 ? (itemSums[item] ?? 0) / count : NaN;
    if (count > 0) answered.push(item);
  }
  // The order TOP_TEN sorts the comparable items in: a total order, since delivery ranks differ.
  answered.sort((a, b) => (itemMeans[b] ?? 0) - (itemMeans[a] ?? 0) || (dimension.ranks[a] ?? 0) - (dimension.ranks[b] ?? 0));
  return { itemSums, itemCounts, itemMeans, topOrder: Int32Array.from(answered) };
}

/** The tally with one copy of `level` taken out; its mean added up as a tally does (ascending, each value as often as held). */
function withoutOne(tally: LevelTally, level: number): LevelTally {
  const at = tally.values.indexOf(level);
  if (at < 0) throw new Error(`cannot take ${String(level)} out of a tally that does not hold it`);
  const values = tally.values.slice();
  const counts = tally.counts.slice();
  counts[at] = (counts[at] ?? 0) - 1;
  if (counts[at] === 0) {
    values.splice(at, 1);
    counts.splice(at, 1);
  }
  const size = tally.size - 1;
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] ?? 0;
    for (let n = counts[index] ?? 0; n > 0; n -= 1) sum += value;
  }
  return { values, counts, size, mean: size === 0 ? NaN : sum / size };
}
