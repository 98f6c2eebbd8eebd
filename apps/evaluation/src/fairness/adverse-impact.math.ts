// The adverse-impact arithmetic (docs/fairness.md, "Adverse-impact report"), free of any framework
// or database so that it can be checked by hand: median, scoring and selection rates, impact
// ratios with the four-fifths flag, the small-sample flag, intersections and rounding.
import { round4 } from '@teamfit/scoring';

/** A category's share of the sample below which it is flagged `smallSample` (2 %). */
export const SMALL_SAMPLE_SHARE = { numerator: 2, denominator: 100 } as const;
/** The four-fifths rule: an impact ratio below 4/5 is flagged. */
export const FOUR_FIFTHS = { numerator: 4, denominator: 5 } as const;

/** Why a rate or an impact ratio is null. */
export const NULL_REASONS = ['NO_PEOPLE', 'HIGHEST_RATE_ZERO'] as const;
export type NullReason = (typeof NULL_REASONS)[number];

/** One person of the sample: the sort score, and each dimension's category (null: unknown). */
export interface SamplePerson {
  score: number;
  sex: string | null;
  raceEthnicity: string | null;
}

export interface RateCell {
  /** Share of the category's people that pass, 4 decimals; null when the category has nobody. */
  rate: number | null;
  /** rate / highest rate among the categories, 4 decimals; null with `reason` when it cannot be computed. */
  impactRatio: number | null;
  /** The exact (unrounded) impact ratio is below 0.8; false when the ratio is null. */
  fourFifthsFlag: boolean;
  reason: NullReason | null;
}

export interface CategoryRow {
  sex: string | null;
  raceEthnicity: string | null;
  count: number;
  /** Fewer than 2 % of the whole sample (unknowns included) are in it; a category of nobody is small. */
  smallSample: boolean;
  scoring: RateCell;
  /** Null when no cutoff was given. */
  selection: RateCell | null;
}

export interface GroupReport {
  /** People of the sample whose category on this dimension is unknown (none declared, or DECLINED): out of the ratios. */
  unknown: number;
  /** The highest scoring rate among the categories, 4 decimals; null when no category has anybody. */
  highestScoringRate: number | null;
  highestSelectionRate: number | null;
  categories: CategoryRow[];
}

export interface AdverseImpact {
  sampleSize: number;
  /** Median of every score of the sample (unknowns included), 4 decimals; null for an empty sample. */
  median: number | null;
  cutoff: number | null;
  sex: GroupReport;
  raceEthnicity: GroupReport;
  intersections: GroupReport;
}

export interface CategoryLists {
  /** The categories that enter the ratios, in the order they are reported (DECLINED is not one). */
  sex: readonly string[];
  raceEthnicity: readonly string[];
}

/** A count of people passing out of a count of people: rates are compared and divided as exact fractions. */
interface Fraction {
  passed: number;
  of: number;
}

/** The median of the numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  // Halving each first keeps the mean of two finite numbers between them, whatever their size.
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : (sorted[middle - 1] as number) / 2 + (sorted[middle] as number) / 2;
}

/**
 * numerator / denominator (non-negative integers, denominator > 0) to 4 decimals, half up, exactly:
 * integer arithmetic (BigInt, as products of counts can pass 2^53), no binary noise.
 */
export function roundRatio4(numerator: number, denominator: number): number {
  const tenThousandths = (BigInt(numerator) * 20_000n + BigInt(denominator)) / (2n * BigInt(denominator));
  return Number(tenThousandths) / 10_000;
}

/**
 * The report over one sample. Scoring rate: the share of a category's people scoring strictly
 * above the median of the whole sample. Selection rate (with a cutoff): the share scoring at or
 * above the cutoff. Impact ratio: a category's rate over the highest rate among the categories
 * with anybody in them.
 */
export function adverseImpact(people: readonly SamplePerson[], categories: CategoryLists, cutoff: number | null): AdverseImpact {
  const middle = median(people.map((person) => person.score));
  const scoringPass = (score: number): boolean => middle !== null && score > middle;
  const selectionPass = cutoff === null ? null : (score: number): boolean => score >= cutoff;
  const known = (value: string | null, list: readonly string[]): string | null => (value !== null && list.includes(value) ? value : null);
  const sexOf = (person: SamplePerson) => known(person.sex, categories.sex);
  const raceOf = (person: SamplePerson) => known(person.raceEthnicity, categories.raceEthnicity);

  const group = (keys: readonly (readonly [string | null, string | null])[], keyOf: (person: SamplePerson) => string | null): GroupReport =>
    groupReport(people, keys, keyOf, scoringPass, selectionPass);
  const sexKeys = categories.sex.map((sex) => [sex, null] as const);
  const raceKeys = categories.raceEthnicity.map((race) => [null, race] as const);
  const bothKeys = categories.sex.flatMap((sex) => categories.raceEthnicity.map((race) => [sex, race] as const));
  return {
    sampleSize: people.length,
    median: middle === null ? null : round4(middle),
    cutoff,
    sex: group(sexKeys, (person) => keyOf(sexOf(person), null)),
    raceEthnicity: group(raceKeys, (person) => keyOf(null, raceOf(person))),
    intersections: group(bothKeys, (person) => {
      const sex = sexOf(person);
      const race = raceOf(person);
      return sex === null || race === null ? null : keyOf(sex, race);
    }),
  };
}

const keyOf = (sex: string | null, race: string | null): string => `${sex ?? ''}\u0000${race ?? ''}`;

function groupReport(
  people: readonly SamplePerson[],
  keys: readonly (readonly [string | null, string | null])[],
  categoryOf: (person: SamplePerson) => string | null,
  scoringPass: (score: number) => boolean,
  selectionPass: ((score: number) => boolean) | null,
): GroupReport {
  const scoring = new Map<string, Fraction>(keys.map(([sex, race]) => [keyOf(sex, race), { passed: 0, of: 0 }]));
  const selection = new Map<string, Fraction>(keys.map(([sex, race]) => [keyOf(sex, race), { passed: 0, of: 0 }]));
  let unknown = 0;
  for (const person of people) {
    const key = categoryOf(person);
    const scored = key === null ? undefined : scoring.get(key);
    const selected = key === null ? undefined : selection.get(key);
    if (!scored || !selected) {
      unknown += 1;
      continue;
    }
    scored.of += 1;
    selected.of += 1;
    if (scoringPass(person.score)) scored.passed += 1;
    if (selectionPass?.(person.score)) selected.passed += 1;
  }
  const highestScoring = highest([...scoring.values()]);
  const highestSelection = selectionPass ? highest([...selection.values()]) : null;
  const categories = keys.map(([sex, race]): CategoryRow => {
    const key = keyOf(sex, race);
    const scored = scoring.get(key) as Fraction;
    return {
      sex,
      raceEthnicity: race,
      count: scored.of,
      smallSample: isSmall(scored.of, people.length),
      scoring: cellOf(scored, highestScoring),
      selection: selectionPass ? cellOf(selection.get(key) as Fraction, highestSelection) : null,
    };
  });
  return {
    unknown,
    highestScoringRate: rateOf(highestScoring),
    highestSelectionRate: rateOf(highestSelection),
    categories,
  };
}

function isSmall(count: number, sampleSize: number): boolean {
  return count === 0 || count * SMALL_SAMPLE_SHARE.denominator < SMALL_SAMPLE_SHARE.numerator * sampleSize;
}

/** The largest of the fractions with a denominator (compared exactly, by cross-multiplying); null when none has one. */
function highest(fractions: readonly Fraction[]): Fraction | null {
  let best: Fraction | null = null;
  for (const fraction of fractions) {
    if (fraction.of === 0) continue;
    if (best === null || fraction.passed * best.of > best.passed * fraction.of) best = fraction;
  }
  return best;
}

const rateOf = (fraction: Fraction | null): number | null => (fraction === null ? null : roundRatio4(fraction.passed, fraction.of));

function cellOf(fraction: Fraction, best: Fraction | null): RateCell {
  if (fraction.of === 0) return { rate: null, impactRatio: null, fourFifthsFlag: false, reason: 'NO_PEOPLE' };
  const rate = roundRatio4(fraction.passed, fraction.of);
  // A category with people implies a highest rate; its absence would be a bug, not an input.
  if (best === null) throw new Error('adverse impact: a category has people but no highest rate was found');
  if (best.passed === 0) return { rate, impactRatio: null, fourFifthsFlag: false, reason: 'HIGHEST_RATE_ZERO' };
  // (passed / of) / (best.passed / best.of), as one exact fraction.
  const numerator = fraction.passed * best.of;
  const denominator = fraction.of * best.passed;
  return {
    rate,
    impactRatio: roundRatio4(numerator, denominator),
    fourFifthsFlag: BigInt(numerator) * BigInt(FOUR_FIFTHS.denominator) < BigInt(FOUR_FIFTHS.numerator) * BigInt(denominator),
    reason: null,
  };
}
