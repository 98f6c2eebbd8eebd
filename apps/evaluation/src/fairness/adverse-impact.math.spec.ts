import fc from 'fast-check';
import { round4 } from '@teamfit/scoring';
import { adverseImpact, type CategoryLists, type GroupReport, median, roundRatio4, type SamplePerson } from './adverse-impact.math';

const CATEGORIES: CategoryLists = {
  sex: ['FEMALE', 'MALE', 'OTHER'],
  raceEthnicity: ['HISPANIC_OR_LATINO', 'WHITE', 'BLACK_OR_AFRICAN_AMERICAN', 'ASIAN'],
};
const person = (score: number, sex: string | null, raceEthnicity: string | null): SamplePerson => ({ score, sex, raceEthnicity });

/** docs/fairness.md, "Adverse-impact report": the worked example, computed by hand there. */
const WORKED_EXAMPLE: SamplePerson[] = [
  person(82, 'FEMALE', 'ASIAN'),
  person(75, 'FEMALE', 'WHITE'),
  person(71, 'MALE', 'WHITE'),
  person(68, 'MALE', 'WHITE'),
  person(66, 'FEMALE', 'BLACK_OR_AFRICAN_AMERICAN'),
  person(64, 'MALE', 'ASIAN'),
  person(60, 'MALE', 'BLACK_OR_AFRICAN_AMERICAN'),
  person(58, 'FEMALE', 'WHITE'),
  person(55, 'DECLINED', 'WHITE'),
  person(50, null, null),
];

const row = (report: GroupReport, sex: string | null, race: string | null) =>
  report.categories.find((category) => category.sex === sex && category.raceEthnicity === race);

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones; null for none', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.MAX_VALUE, Number.MAX_VALUE])).toBe(Number.MAX_VALUE);
  });
});

describe('rounding to 4 decimals', () => {
  it('rounds exact fractions half up, without binary noise', () => {
    expect(roundRatio4(2, 3)).toBe(0.6667);
    expect(roundRatio4(1, 3)).toBe(0.3333);
    expect(roundRatio4(1, 20_000)).toBe(0.0001); // exactly half of the last digit: up
    expect(roundRatio4(1, 20_001)).toBe(0);
    expect(roundRatio4(5, 5)).toBe(1);
    expect(roundRatio4(0, 7)).toBe(0);
    expect(roundRatio4(3_000_000_000, 7_000_000_000)).toBe(0.4286);
  });
  it('rounds decimals half away from zero', () => {
    expect(round4(65)).toBe(65);
    expect(round4(1.00005)).toBe(1.0001);
    expect(round4(66.12345)).toBe(66.1235);
    expect(round4(-0.00001)).toBe(0);
  });
});

describe('adverseImpact: the worked example of docs/fairness.md', () => {
  const report = adverseImpact(WORKED_EXAMPLE, CATEGORIES, 70);

  it('takes the median of the whole sample, unknowns included', () => {
    expect(report.sampleSize).toBe(10);
    expect(report.median).toBe(65);
    expect(report.cutoff).toBe(70);
  });

  it('sex: FEMALE 3 of 4 above the median, MALE 2 of 4, OTHER nobody; DECLINED and none are unknown', () => {
    expect(report.sex.unknown).toBe(2);
    expect(report.sex.highestScoringRate).toBe(0.75);
    expect(row(report.sex, 'FEMALE', null)).toEqual({
      sex: 'FEMALE',
      raceEthnicity: null,
      count: 4,
      smallSample: false,
      scoring: { rate: 0.75, impactRatio: 1, fourFifthsFlag: false, reason: null },
      selection: { rate: 0.5, impactRatio: 1, fourFifthsFlag: false, reason: null },
    });
    expect(row(report.sex, 'MALE', null)).toEqual({
      sex: 'MALE',
      raceEthnicity: null,
      count: 4,
      smallSample: false,
      scoring: { rate: 0.5, impactRatio: 0.6667, fourFifthsFlag: true, reason: null },
      selection: { rate: 0.25, impactRatio: 0.5, fourFifthsFlag: true, reason: null },
    });
    expect(row(report.sex, 'OTHER', null)).toEqual({
      sex: 'OTHER',
      raceEthnicity: null,
      count: 0,
      smallSample: true,
      scoring: { rate: null, impactRatio: null, fourFifthsFlag: false, reason: 'NO_PEOPLE' },
      selection: { rate: null, impactRatio: null, fourFifthsFlag: false, reason: 'NO_PEOPLE' },
    });
  });

  it('race/ethnicity: a ratio of exactly 0.8 is not flagged', () => {
    expect(report.raceEthnicity.unknown).toBe(1);
    expect(report.raceEthnicity.highestScoringRate).toBe(0.6);
    expect(report.raceEthnicity.highestSelectionRate).toBe(0.5);
    const pick = (race: string) => {
      const found = row(report.raceEthnicity, null, race);
      return [found?.count, found?.scoring, found?.selection];
    };
    expect(pick('WHITE')).toEqual([
      5,
      { rate: 0.6, impactRatio: 1, fourFifthsFlag: false, reason: null },
      { rate: 0.4, impactRatio: 0.8, fourFifthsFlag: false, reason: null },
    ]);
    expect(pick('ASIAN')).toEqual([
      2,
      { rate: 0.5, impactRatio: 0.8333, fourFifthsFlag: false, reason: null },
      { rate: 0.5, impactRatio: 1, fourFifthsFlag: false, reason: null },
    ]);
    expect(pick('BLACK_OR_AFRICAN_AMERICAN')).toEqual([
      2,
      { rate: 0.5, impactRatio: 0.8333, fourFifthsFlag: false, reason: null },
      { rate: 0, impactRatio: 0, fourFifthsFlag: true, reason: null },
    ]);
    expect(pick('HISPANIC_OR_LATINO')?.[0]).toBe(0);
  });

  it('intersections: both dimensions known, else unknown', () => {
    expect(report.intersections.unknown).toBe(2);
    expect(report.intersections.categories).toHaveLength(12);
    const scoring = report.intersections.categories
      .filter((category) => category.count > 0)
      .map((category) => [
        category.sex,
        category.raceEthnicity,
        category.count,
        category.scoring.rate,
        category.scoring.impactRatio,
        category.scoring.fourFifthsFlag,
      ]);
    expect(scoring).toEqual([
      ['FEMALE', 'WHITE', 2, 0.5, 0.5, true],
      ['FEMALE', 'BLACK_OR_AFRICAN_AMERICAN', 1, 1, 1, false],
      ['FEMALE', 'ASIAN', 1, 1, 1, false],
      ['MALE', 'WHITE', 2, 1, 1, false],
      ['MALE', 'BLACK_OR_AFRICAN_AMERICAN', 1, 0, 0, true],
      ['MALE', 'ASIAN', 1, 0, 0, true],
    ]);
  });
});

describe('adverseImpact: edge cases', () => {
  it('an empty sample: no median, every category NO_PEOPLE and small', () => {
    const report = adverseImpact([], CATEGORIES, 50);
    expect(report.median).toBeNull();
    for (const group of [report.sex, report.raceEthnicity, report.intersections]) {
      expect(group.unknown).toBe(0);
      expect(group.highestScoringRate).toBeNull();
      expect(group.highestSelectionRate).toBeNull();
      for (const category of group.categories) {
        expect(category).toMatchObject({ count: 0, smallSample: true });
        expect(category.scoring).toEqual({ rate: null, impactRatio: null, fourFifthsFlag: false, reason: 'NO_PEOPLE' });
      }
    }
  });

  it('everyone unknown: counted as unknown, no ratio', () => {
    const report = adverseImpact([person(40, null, null), person(60, 'DECLINED', 'DECLINED')], CATEGORIES, null);
    expect(report.median).toBe(50);
    expect([report.sex.unknown, report.raceEthnicity.unknown, report.intersections.unknown]).toEqual([2, 2, 2]);
    expect(report.sex.categories.every((category) => category.count === 0 && category.scoring.reason === 'NO_PEOPLE')).toBe(true);
  });

  it('nobody above the median (all equal scores): rates 0, ratios null with HIGHEST_RATE_ZERO', () => {
    const report = adverseImpact([person(70, 'FEMALE', 'WHITE'), person(70, 'MALE', 'ASIAN')], CATEGORIES, null);
    expect(report.sex.highestScoringRate).toBe(0);
    expect(row(report.sex, 'FEMALE', null)?.scoring).toEqual({
      rate: 0,
      impactRatio: null,
      fourFifthsFlag: false,
      reason: 'HIGHEST_RATE_ZERO',
    });
    expect(row(report.sex, 'FEMALE', null)?.selection).toBeNull();
  });

  it('flags a category under 2 % of the whole sample, unknowns included', () => {
    const sample = [person(90, 'OTHER', 'WHITE'), ...Array.from({ length: 50 }, (_, index) => person(index, null, null))];
    // 1 of 51 is 1.96 %: small; 1 of 50 would be exactly 2 %: not small.
    expect(row(adverseImpact(sample, CATEGORIES, null).sex, 'OTHER', null)?.smallSample).toBe(true);
    expect(row(adverseImpact(sample.slice(0, 50), CATEGORIES, null).sex, 'OTHER', null)?.smallSample).toBe(false);
  });
});

describe('adverseImpact: properties', () => {
  const sexes = fc.constantFrom<string | null>(null, 'DECLINED', ...CATEGORIES.sex);
  const races = fc.constantFrom<string | null>(null, 'DECLINED', ...CATEGORIES.raceEthnicity);
  const people = fc.array(fc.record({ score: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100), sex: sexes, raceEthnicity: races }), {
    maxLength: 120,
  });
  const cutoffs = fc.option(fc.integer({ min: 0, max: 100 }), { nil: null });

  it('counts everyone once per dimension, rates and ratios stay in [0, 1], and the best category has ratio 1', () => {
    fc.assert(
      fc.property(people, cutoffs, (sample, cutoff) => {
        const report = adverseImpact(sample, CATEGORIES, cutoff);
        for (const group of [report.sex, report.raceEthnicity, report.intersections]) {
          expect(group.unknown + group.categories.reduce((sum, category) => sum + category.count, 0)).toBe(sample.length);
          for (const category of group.categories) {
            for (const cell of cutoff === null ? [category.scoring] : [category.scoring, category.selection]) {
              if (!cell) throw new Error('a selection cell is missing although a cutoff was given');
              if (cell.rate !== null) expect(cell.rate).toBeGreaterThanOrEqual(0);
              if (cell.rate !== null) expect(cell.rate).toBeLessThanOrEqual(1);
              if (cell.impactRatio !== null) expect(cell.impactRatio).toBeLessThanOrEqual(1);
              expect(cell.impactRatio === null).toBe(cell.reason !== null);
              // The flag is the exact ratio's: a shown 0.8 can carry it only when it was rounded up from below.
              if (cell.fourFifthsFlag) expect(cell.impactRatio).toBeLessThanOrEqual(0.8);
              if (!cell.fourFifthsFlag && cell.impactRatio !== null) expect(cell.impactRatio).toBeGreaterThanOrEqual(0.8);
            }
            if (cutoff === null) expect(category.selection).toBeNull();
          }
          const rated = group.categories.filter((category) => category.scoring.impactRatio !== null);
          if (rated.length > 0) expect(Math.max(...rated.map((category) => category.scoring.impactRatio as number))).toBe(1);
        }
        expect(report.intersections.unknown).toBeGreaterThanOrEqual(Math.max(report.sex.unknown, report.raceEthnicity.unknown));
      }),
    );
  });

  it('agrees with a direct floating-point computation to 4 decimals', () => {
    fc.assert(
      fc.property(people, (sample) => {
        const report = adverseImpact(sample, CATEGORIES, null);
        const scores = [...sample.map((entry) => entry.score)].sort((a, b) => a - b);
        const middle =
          scores.length === 0 ? null : (scores[Math.floor((scores.length - 1) / 2)]! + scores[Math.ceil((scores.length - 1) / 2)]!) / 2;
        for (const category of report.sex.categories) {
          const members = sample.filter((entry) => entry.sex === category.sex);
          expect(category.count).toBe(members.length);
          if (members.length === 0 || middle === null) continue;
          const rate = members.filter((entry) => entry.score > middle).length / members.length;
          expect(Math.abs((category.scoring.rate as number) - rate)).toBeLessThanOrEqual(0.00005 + 1e-12);
        }
      }),
    );
  });

  it('does not depend on the order of the sample', () => {
    fc.assert(
      fc.property(people, cutoffs, fc.integer(), (sample, cutoff, seed) => {
        const shuffled = [...sample].sort((a, b) => ((a.score * 7919 + seed) % 13) - ((b.score * 7919 + seed) % 13));
        expect(adverseImpact(shuffled, CATEGORIES, cutoff)).toEqual(adverseImpact(sample, CATEGORIES, cutoff));
      }),
    );
  });

  it('at most half of the sample scores strictly above its median', () => {
    fc.assert(
      fc.property(people, (sample) => {
        const middle = median(sample.map((entry) => entry.score));
        if (middle === null) return;
        expect(sample.filter((entry) => entry.score > middle).length * 2).toBeLessThanOrEqual(sample.length);
      }),
    );
  });
});
