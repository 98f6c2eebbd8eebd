import { ScoringInputError } from '../errors';
import type { AnswerInput, DimensionResult, PersonAnswers, QuestionnaireDefinition, ScoreType, WorkstyleResult } from '../types';
import { dimensionResult, levelDetail, workstyleResult } from './compute-workstyle';
import { buildProfile, type GroupProfile, type PersonProfile } from './profile';
import { prepareQuestionnaire, type PreparedQuestionnaire } from './questionnaire';
import { ANSWER_MAX, clampPercent, mean, norm, scoredValue, sim } from './scale';
import { complementary, type ComparableItem, topTenOfComparable } from './score-types';
import { weightPercentages } from './weights';

/*
 * Scoring against a team summarised once instead of one profile per member (docs/scoring.md,
 * "Stored profiles"). A person's answers are kept compactly: one value per question in the
 * questionnaire definition's question order, 0 for "not answered". Every number is computed with
 * exactly the floating-point operations computeWorkstyle performs, in the same order, so the
 * results are bit-identical (the property tests compare the two on random inputs):
 * - a level is a mean of integers, whose sum is exact in any order: `sum / count`;
 * - a mean of levels sums them in ascending order: a Tally keeps each distinct level with its
 *   count and repeats the same additions the sorted list would get.
 */

export interface CompactItem {
  readonly position: number;
  readonly questionId: number;
  readonly reverse: boolean;
  readonly subGroup: string;
}

/** A questionnaire prepared once for compact answers. Immutable: cache it with the questionnaire. */
export interface CompactQuestionnaire {
  readonly prepared: PreparedQuestionnaire;
  /** Position i of a compact answer array answers `questionIds[i]`. */
  readonly questionIds: readonly number[];
  readonly positionById: ReadonlyMap<number, number>;
  /** Per group, in group order: its scored (non-faking) questions in delivery order. */
  readonly scoredItems: readonly (readonly CompactItem[])[];
}

export function compactQuestionnaire(definition: QuestionnaireDefinition): CompactQuestionnaire {
  const prepared = prepareQuestionnaire(definition);
  const questionIds = definition.questions.map((question) => question.id);
  const positionById = new Map(questionIds.map((id, position) => [id, position]));
  const scoredItems = prepared.groups.map((group) =>
    (prepared.questionsByGroup.get(group.id) ?? [])
      .filter((question) => question.faking !== true)
      .map((question) => ({
        position: positionById.get(question.id) ?? -1,
        questionId: question.id,
        reverse: question.reverseScore === true,
        subGroup: question.metadata ?? '',
      })),
  );
  return { prepared, questionIds, positionById, scoredItems };
}

/** What is stored of a completed evaluation: its values in question order and its level per group (null: none). */
export interface CompactProfile {
  readonly values: Uint8Array;
  readonly levels: (number | null)[];
}

/** Checks the answers like computeWorkstyle does and keeps them compactly, with the levels it computes. */
export function compactProfile(questionnaire: CompactQuestionnaire, answers: PersonAnswers): CompactProfile {
  const profile = buildProfile(questionnaire.prepared, answers);
  const values = new Uint8Array(questionnaire.questionIds.length);
  for (const answer of profile.answers.values()) values[questionnaire.positionById.get(answer.questionId) ?? 0] = answer.value;
  const levels = questionnaire.prepared.groups.map((group) => profile.groups.get(group.id)?.level ?? null);
  return { values, levels };
}

/**
 * Compact values given in another questionnaire's question order (`questionIds`), re-read
 * through this one: answers to questions it does not have are dropped, as computeWorkstyle drops them.
 */
export function relayoutValues(values: ArrayLike<number>, questionIds: readonly number[], target: CompactQuestionnaire): Uint8Array {
  const result = new Uint8Array(target.questionIds.length);
  questionIds.forEach((questionId, position) => {
    const to = target.positionById.get(questionId);
    if (to !== undefined) result[to] = values[position] ?? 0;
  });
  return result;
}

/** The answers behind compact values (without times: they only matter for the candidate's validity). */
export function answersFromValues(questionnaire: CompactQuestionnaire, values: ArrayLike<number>): AnswerInput[] {
  const answers: AnswerInput[] = [];
  questionnaire.questionIds.forEach((questionId, position) => {
    const value = values[position] ?? 0;
    if (value !== 0) answers.push({ questionId, value });
  });
  return answers;
}

/** A multiset of numbers: its mean repeats exactly the additions `mean` makes over the sorted list. */
class Tally {
  private readonly counts = new Map<number, number>();
  private sorted: number[] | null = null;
  size = 0;

  /** Adds `times` copies of value; a negative `times` takes copies out (never more than are in). */
  add(value: number, times = 1): void {
    const count = (this.counts.get(value) ?? 0) + times;
    if (count < 0) throw new Error(`cannot take ${String(value)} out of a tally that holds it fewer times`);
    if (count === 0) this.counts.delete(value);
    else this.counts.set(value, count);
    this.size += times;
    this.sorted = null;
  }

  copy(): Tally {
    return this.map((x) => x);
  }

  private keys(): number[] {
    this.sorted ??= [...this.counts.keys()].sort((a, b) => a - b);
    return this.sorted;
  }

  mean(): number {
    let sum = 0;
    for (const value of this.keys()) {
      const times = this.counts.get(value) ?? 0;
      for (let n = 0; n < times; n += 1) sum += value;
    }
    return sum / this.size;
  }

  min(): number {
    return this.keys()[0] ?? NaN;
  }

  max(): number {
    const keys = this.keys();
    return keys[keys.length - 1] ?? NaN;
  }

  /** The multiset as mean() reads it, with its mean (NaN when empty). */
  summary(): LevelTally {
    const values = this.keys();
    return {
      values: [...values],
      counts: values.map((value) => this.counts.get(value) ?? 0),
      size: this.size,
      mean: this.size === 0 ? NaN : this.mean(),
    };
  }

  /** Population standard deviation around mean(). */
  spread(): number {
    const centre = this.mean();
    let squares = 0;
    for (const value of this.keys()) squares += (this.counts.get(value) ?? 0) * (value - centre) ** 2;
    return Math.sqrt(squares / this.size);
  }

  /** Each value mapped, counts kept (values that map to the same number merge, as equal numbers sum alike). */
  map(f: (value: number) => number): Tally {
    const mapped = new Tally();
    for (const [value, times] of this.counts) mapped.add(f(value), times);
    return mapped;
  }

  with(value: number): Tally {
    const copy = this.copy();
    copy.add(value);
    return copy;
  }
}

/** A team context as TeamAggregate.restore takes it: levels as [value, count] pairs, item totals by question position. */
export interface TeamSnapshot {
  readonly size: number;
  readonly dimensions: readonly {
    readonly levels: readonly (readonly [number, number])[];
    readonly subGroups: ReadonlyMap<string, readonly (readonly [number, number])[]>;
  }[];
  readonly items: ReadonlyMap<number, { readonly sum: number; readonly count: number }>;
}

function addCounted(tally: Tally, levels: readonly (readonly [number, number])[]): void {
  for (const [value, count] of levels) {
    if (!Number.isFinite(value) || !Number.isInteger(count) || count < 1) {
      throw new ScoringInputError(`Invalid member level ${String(value)} counted ${String(count)} times`);
    }
    tally.add(value, count);
  }
}

/** Members' levels as a tally holds them: the distinct levels ascending, how many members have each, and their mean (NaN: none). */
export interface LevelTally {
  readonly values: readonly number[];
  readonly counts: readonly number[];
  readonly size: number;
  readonly mean: number;
}

/** One dimension of a team context as TeamAggregate.dimensionSummary gives it. */
export interface DimensionSummary {
  readonly levels: LevelTally;
  readonly statistics: { readonly mean: number; readonly min: number; readonly max: number } | null;
  /** CONFLICT: each sub-group's member levels. */
  readonly subGroups: ReadonlyMap<string, LevelTally>;
}

interface TeamDimension {
  readonly scoreType: ScoreType;
  /** Level of each member who has one on this dimension. */
  readonly levels: Tally;
  /** CONFLICT: each sub-group's member levels. */
  readonly subGroups: Map<string, Tally>;
}

/**
 * The team context summarised per dimension: member levels, and what TOP_TEN (per-item sums)
 * and CONFLICT (sub-group levels) need. Members are added one by one; the order does not matter.
 */
export class TeamAggregate {
  private readonly dimensions: TeamDimension[];
  /** TOP_TEN: integer sum and count of the members' scored values, per question position. */
  private readonly itemSums: Int32Array;
  private readonly itemCounts: Int32Array;
  /** Members with at least one scored answer (the others are left out, like computeWorkstyle does). */
  size = 0;

  constructor(readonly questionnaire: CompactQuestionnaire) {
    this.dimensions = questionnaire.prepared.groups.map((group) => ({
      scoreType: group.scoreType,
      levels: new Tally(),
      subGroups: new Map<string, Tally>(),
    }));
    this.itemSums = new Int32Array(questionnaire.questionIds.length);
    this.itemCounts = new Int32Array(questionnaire.questionIds.length);
  }

  /**
   * Adds a member from compact values in this questionnaire's order. `levels`, when given, must be
   * compactProfile's levels for the same questionnaire: dimensions that need no item then skip the values.
   */
  addMember(values: ArrayLike<number>, levels?: readonly (number | null)[] | null): void {
    this.apply(values, levels, 1);
  }

  /**
   * Takes out a member added before with these same values: the aggregate is then exactly the one
   * built without them (tallies are multisets and item sums integers, so nothing is rounded).
   */
  removeMember(values: ArrayLike<number>): void {
    this.apply(values, null, -1);
  }

  /**
   * A team context from what an explanation keeps of it (explanation.ts): per dimension the
   * members' levels as distinct values with their counts and each CONFLICT sub-group's likewise,
   * TOP_TEN's integer item sums and counts by question position, and the team's size. The
   * tallies hold the same multisets as the aggregate they were read from, so every mean is added
   * up in the same order and every score is the same bit for bit.
   */
  static restore(questionnaire: CompactQuestionnaire, snapshot: TeamSnapshot): TeamAggregate {
    const team = new TeamAggregate(questionnaire);
    if (snapshot.dimensions.length !== team.dimensions.length) {
      throw new ScoringInputError(`Expected ${String(team.dimensions.length)} dimensions, got ${String(snapshot.dimensions.length)}`);
    }
    snapshot.dimensions.forEach((part, index) => {
      const dimension = team.dimensions[index] as TeamDimension;
      addCounted(dimension.levels, part.levels);
      for (const [name, levels] of part.subGroups) {
        const tally = new Tally();
        addCounted(tally, levels);
        if (tally.size > 0) dimension.subGroups.set(name, tally);
      }
    });
    for (const [position, totals] of snapshot.items) {
      if (!Number.isInteger(totals.sum) || !Number.isInteger(totals.count) || totals.count < 0 || position >= team.itemSums.length) {
        throw new ScoringInputError(`Invalid item totals at position ${String(position)}`);
      }
      team.itemSums[position] = totals.sum;
      team.itemCounts[position] = totals.count;
    }
    if (!Number.isInteger(snapshot.size) || snapshot.size < 0) throw new ScoringInputError(`Invalid team size ${String(snapshot.size)}`);
    team.size = snapshot.size;
    return team;
  }

  /** An independent copy: changing one never changes the other. */
  clone(): TeamAggregate {
    const copy = new TeamAggregate(this.questionnaire);
    this.dimensions.forEach((dimension, index) => {
      copy.dimensions[index] = {
        scoreType: dimension.scoreType,
        levels: dimension.levels.copy(),
        subGroups: new Map([...dimension.subGroups].map(([key, tally]) => [key, tally.copy()])),
      };
    });
    copy.itemSums.set(this.itemSums);
    copy.itemCounts.set(this.itemCounts);
    copy.size = this.size;
    return copy;
  }

  private apply(values: ArrayLike<number>, levels: readonly (number | null)[] | null | undefined, sign: 1 | -1): void {
    for (let position = 0; position < this.questionnaire.questionIds.length; position += 1) {
      const value = values[position] ?? 0;
      if (!Number.isInteger(value) || value < 0 || value > ANSWER_MAX) {
        throw new ScoringInputError(
          `Answer to question ${String(this.questionnaire.questionIds[position])} has value ${String(value)}, expected an integer 1-5`,
        );
      }
    }
    const useLevels = levels !== undefined && levels !== null && levels.length === this.dimensions.length;
    let scored = false;
    this.dimensions.forEach((dimension, index) => {
      const needsItems = dimension.scoreType === 'TOP_TEN' || dimension.scoreType === 'CONFLICT';
      const level =
        useLevels && !needsItems
          ? (levels[index] ?? null)
          : this.applyItems(dimension, this.questionnaire.scoredItems[index] ?? [], values, sign);
      if (level === null) return;
      dimension.levels.add(level, sign);
      scored = true;
    });
    if (scored) this.size += sign;
  }

  /** The member's level on one dimension from their values, adding (or taking out) items and sub-groups where needed. */
  private applyItems(dimension: TeamDimension, items: readonly CompactItem[], values: ArrayLike<number>, sign: 1 | -1): number | null {
    let sum = 0;
    let count = 0;
    const subGroups = dimension.scoreType === 'CONFLICT' ? new Map<string, { sum: number; count: number }>() : null;
    for (const item of items) {
      const raw = values[item.position] ?? 0;
      if (raw === 0) continue;
      const value = scoredValue(raw, item.reverse);
      sum += value;
      count += 1;
      if (dimension.scoreType === 'TOP_TEN') {
        this.itemSums[item.position] = (this.itemSums[item.position] ?? 0) + sign * value;
        this.itemCounts[item.position] = (this.itemCounts[item.position] ?? 0) + sign;
      }
      if (subGroups) {
        const entry = subGroups.get(item.subGroup);
        if (entry) {
          entry.sum += value;
          entry.count += 1;
        } else subGroups.set(item.subGroup, { sum: value, count: 1 });
      }
    }
    for (const [key, entry] of subGroups ?? []) {
      const tally = dimension.subGroups.get(key) ?? new Tally();
      tally.add(entry.sum / entry.count, sign);
      if (tally.size === 0) dimension.subGroups.delete(key);
      else dimension.subGroups.set(key, tally);
    }
    return count > 0 ? sum / count : null;
  }

  /** Score of one dimension, as scoreDimension computes it from the members' profiles. */
  scoreDimension(index: number, candidate: GroupProfile & { readonly level: number }, rank: (questionId: number) => number): number {
    const dimension = this.dimensions[index];
    const c = candidate.level;
    if (!dimension || dimension.levels.size === 0) return norm(c);
    const levels = dimension.levels;
    switch (dimension.scoreType) {
      case 'SUPPLEMENTARY':
        return clampPercent(100 * sim(c, levels.mean()));
      case 'INDIVIDUAL_SUPPLEMENTARY':
        return clampPercent(100 * levels.map((t) => sim(c, t)).mean());
      case 'COMPLEMENTARY':
        return complementary(c, levels.mean());
      case 'TOP_TEN':
        return this.topTen(candidate, rank) ?? norm(c);
      case 'CONFLICT':
        return conflict(candidate, dimension) ?? norm(c);
      case 'MAX_MEAN':
        return norm(Math.max(c, levels.max()));
      case 'MIN_MEAN':
        return norm(Math.min(c, levels.min()));
      case 'GROUP_AVERAGE':
        return norm(levels.with(c).mean());
    }
  }

  /** The unrounded mean, lowest and highest member level of a dimension; null without one. */
  levelStatistics(index: number): { mean: number; min: number; max: number } | null {
    const levels = this.dimensions[index]?.levels;
    if (!levels || levels.size === 0) return null;
    return { mean: levels.mean(), min: levels.min(), max: levels.max() };
  }

  /** The members' levels on one dimension, unrounded: count, mean, min, max, spread; null without one. */
  levelProfile(index: number): { members: number; mean: number; min: number; max: number; spread: number } | null {
    const levels = this.dimensions[index]?.levels;
    if (!levels || levels.size === 0) return null;
    return { members: levels.size, mean: levels.mean(), min: levels.min(), max: levels.max(), spread: levels.spread() };
  }

  /**
   * What scoring a candidate needs of one dimension, read once (TeamScorer): the members' levels
   * as scoreDimension adds them up, their mean, min and max (null without a member level), and
   * each CONFLICT sub-group's member levels.
   */
  dimensionSummary(index: number): DimensionSummary {
    const dimension = this.dimensions[index];
    if (!dimension) throw new Error(`dimension ${String(index)} does not exist`);
    const subGroups = new Map([...dimension.subGroups].map(([key, tally]) => [key, tally.summary()]));
    return { levels: dimension.levels.summary(), statistics: this.levelStatistics(index), subGroups };
  }

  /** TOP_TEN: the integer sum and count of the members' scored values of the question at `position`. */
  itemTotals(position: number): { sum: number; count: number } {
    return { sum: this.itemSums[position] ?? 0, count: this.itemCounts[position] ?? 0 };
  }

  /** TOP_TEN: the members' mean scored value of the question at `position`, null when no member answered it. */
  itemMean(position: number): number | null {
    const count = this.itemCounts[position] ?? 0;
    return count > 0 ? (this.itemSums[position] ?? 0) / count : null;
  }

  /** CONFLICT sub-groups (conflict styles) in which at least one member has a level, sorted. */
  conflictStyles(): string[] {
    const styles = new Set<string>();
    for (const dimension of this.dimensions) for (const [style, tally] of dimension.subGroups) if (tally.size > 0) styles.add(style);
    return [...styles].sort();
  }

  private topTen(candidate: GroupProfile, rank: (questionId: number) => number): number | null {
    const comparable: ComparableItem[] = [];
    for (const [questionId, candidateValue] of candidate.items) {
      const teamValue = this.itemMean(this.questionnaire.positionById.get(questionId) ?? -1);
      if (teamValue !== null) comparable.push({ questionId, candidateValue, teamValue });
    }
    return topTenOfComparable(comparable, rank);
  }
}

function conflict(candidate: GroupProfile, dimension: TeamDimension): number | null {
  const similarities: number[] = [];
  for (const [subGroup, candidateLevel] of candidate.subGroups) {
    const memberLevels = dimension.subGroups.get(subGroup);
    if (memberLevels) similarities.push(sim(candidateLevel, memberLevels.mean()));
  }
  return similarities.length > 0 ? clampPercent(100 * mean(similarities)) : null;
}

/**
 * A team context that is only read: what caches hand out and scoring takes. Changing one is done
 * on a copy (`clone()`), so a shared aggregate can never be changed by the code that borrowed it.
 */
export type ReadonlyTeamAggregate = Readonly<Omit<TeamAggregate, 'addMember' | 'removeMember'>>;

/** computeWorkstyle with the team given as an aggregate: the same result, without a profile per member. */
export function computeWorkstyleWithTeam(team: ReadonlyTeamAggregate, candidateAnswers: PersonAnswers): WorkstyleResult {
  return workstyleOfProfile(team, buildProfile(team.questionnaire.prepared, candidateAnswers));
}

/**
 * What completing an evaluation computes, from one profile of the candidate's answers:
 * computeWorkstyleWithTeam's result and compactProfile's levels (what the score profile stores).
 */
export function scoreCompletion(
  team: ReadonlyTeamAggregate,
  candidateAnswers: PersonAnswers,
): { results: WorkstyleResult; levels: (number | null)[] } {
  const questionnaire = team.questionnaire.prepared;
  const candidate = buildProfile(questionnaire, candidateAnswers);
  const levels = questionnaire.groups.map((group) => candidate.groups.get(group.id)?.level ?? null);
  return { results: workstyleOfProfile(team, candidate), levels };
}

function workstyleOfProfile(team: ReadonlyTeamAggregate, candidate: PersonProfile): WorkstyleResult {
  const questionnaire = team.questionnaire.prepared;
  const weights = weightPercentages(questionnaire.groups);
  const rank = (questionId: number): number => questionnaire.deliveryRank.get(questionId) ?? 0;
  const scores: number[] = [];
  const dimensions: DimensionResult[] = questionnaire.groups.map((group, index) => {
    const candidateGroup = candidate.groups.get(group.id);
    const level = candidateGroup?.level ?? null;
    // A candidate who answered none of the dimension's items has shown no fit there: 0, not a guess.
    const score = candidateGroup && level !== null ? team.scoreDimension(index, { ...candidateGroup, level }, rank) : 0;
    scores.push(score);
    return dimensionResult(group, score, weights[index] ?? 0, levelDetail(level, team.levelStatistics(index)));
  });
  return workstyleResult(questionnaire, candidate, weights, scores, dimensions, team.size);
}
