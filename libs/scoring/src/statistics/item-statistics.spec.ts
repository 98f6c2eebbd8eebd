// Item statistics (docs/fairness.md, "Item statistics"): the worked example by hand, a reference
// computation written independently (covariance matrix and raw-sum formulas), and invariances.
import fc from 'fast-check';
import { ScoringInputError } from '../errors';
import { question } from '../test/fixtures';
import type { QuestionnaireDefinition } from '../types';
import { compactQuestionnaire } from '../workstyle/team-aggregate';
import { type DimensionItemStatistics, ITEM_STATISTICS_MIN_EVALUATIONS, itemStatistics } from './item-statistics';

/** docs/fairness.md's example: one group with q1, q2 and q3 (reverse-keyed), and a faking item q4. */
const example = (q3Reverse: boolean): QuestionnaireDefinition => ({
  groups: [{ id: 1, name: 'pace', scoreType: 'SUPPLEMENTARY' }],
  questions: [question(1, 1, 0), question(2, 1, 1), question(3, 1, 2, { reverseScore: q3Reverse }), question(4, 1, 3, { faking: true })],
});
// Raw answers of five evaluations to q1..q4.
const exampleValues = [
  [5, 4, 1, 3],
  [4, 4, 2, 5],
  [3, 2, 3, 1],
  [2, 3, 4, 2],
  [1, 2, 5, 4],
];

/** Every NaN, and every null number whose record gives no reason (JSON.stringify would hide a NaN as null). */
function undefinedWithoutReason(dimension: DimensionItemStatistics | undefined): string[] {
  if (!dimension) return ['no dimension'];
  const found: string[] = [];
  const numbers = (record: object, reason: string | null, label: string, keys: readonly string[]) => {
    for (const key of keys) {
      const value = (record as Record<string, unknown>)[key];
      if (typeof value === 'number' && Number.isNaN(value)) found.push(`${label}.${key} is NaN`);
      if (value === null && reason === null) found.push(`${label}.${key} is null without a reason`);
    }
  };
  numbers(dimension, dimension.reason, 'dimension', ['cronbachAlpha']);
  for (const item of dimension.items)
    numbers(item, item.reason, `q${String(item.questionId)}`, ['mean', 'standardDeviation', 'correctedItemTotalCorrelation']);
  return found;
}

describe('itemStatistics: the worked example of docs/fairness.md', () => {
  it('computes alpha, means, standard deviations and corrected item-total correlations by hand', () => {
    const [dimension] = itemStatistics(compactQuestionnaire(example(true)), exampleValues, { minimumEvaluations: 5 });
    expect(dimension).toMatchObject({ questionGroupId: 1, name: 'pace', n: 5, k: 3, reason: null });
    // Scored columns 5 4 3 2 1 | 4 4 2 3 2 | 5 4 3 2 1; variances 2.5, 1, 2.5; totals' variance 16.
    expect(dimension?.cronbachAlpha).toBeCloseTo(1.5 * (1 - 6 / 16), 12);
    const items = dimension?.items ?? [];
    expect(items.map((item) => item.questionId)).toEqual([1, 2, 3]);
    expect(items.map((item) => item.mean)).toEqual([3, 3, 3]);
    expect(items[0]?.standardDeviation).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(items[1]?.standardDeviation).toBeCloseTo(1, 12);
    expect(items[0]?.correctedItemTotalCorrelation).toBeCloseTo(15 / Math.sqrt(10 * 24), 12);
    expect(items[1]?.correctedItemTotalCorrelation).toBeCloseTo(10 / Math.sqrt(4 * 40), 12);
    expect(items[2]?.correctedItemTotalCorrelation).toBeCloseTo(15 / Math.sqrt(10 * 24), 12);
    expect(items.map((item) => item.flag)).toEqual([false, false, false]);
    expect(items[2]?.reverseScored).toBe(true);
  });

  it('flags the item when its key is lost: q3 scored as given correlates negatively', () => {
    const [dimension] = itemStatistics(compactQuestionnaire(example(false)), exampleValues, { minimumEvaluations: 5 });
    expect(dimension?.cronbachAlpha).toBeCloseTo(1.5 * (1 - 6 / 1), 12);
    expect(dimension?.items[2]?.correctedItemTotalCorrelation).toBeCloseTo(-15 / Math.sqrt(10 * 24), 12);
    // q1's rest (q2 + q3) is 5 6 5 7 7: r = -5 / √(10 · 4); q2's rest (q1 + q3) is 6 every time.
    expect(dimension?.items[0]?.correctedItemTotalCorrelation).toBeCloseTo(-5 / Math.sqrt(40), 12);
    expect(dimension?.items[1]).toMatchObject({ correctedItemTotalCorrelation: null, reason: "the dimension's other items do not vary" });
    expect(dimension?.items.map((item) => item.flag)).toEqual([true, false, true]);
  });

  it('is null with a reason below 30 evaluations by default', () => {
    const [dimension] = itemStatistics(compactQuestionnaire(example(true)), exampleValues);
    expect(ITEM_STATISTICS_MIN_EVALUATIONS).toBe(30);
    expect(dimension).toMatchObject({ n: 5, k: 3, cronbachAlpha: null, reason: 'fewer than 30 completed evaluations (n = 5)' });
    expect(dimension?.items[0]).toEqual({
      questionId: 1,
      reverseScored: false,
      mean: null,
      standardDeviation: null,
      correctedItemTotalCorrelation: null,
      flag: false,
      reason: 'fewer than 30 completed evaluations (n = 5)',
    });
  });

  it('never answers NaN: a constant item, a constant total and a one-item dimension have reasons', () => {
    const constant = exampleValues.map(([a, , c, d]) => [a ?? 1, 3, c ?? 1, d ?? 1]);
    const [withConstant] = itemStatistics(compactQuestionnaire(example(true)), constant, { minimumEvaluations: 5 });
    expect(withConstant?.items[1]).toMatchObject({ mean: 3, standardDeviation: 0, correctedItemTotalCorrelation: null, flag: false });
    expect(withConstant?.items[1]?.reason).toBe('the item does not vary');
    expect(withConstant?.items[0]?.correctedItemTotalCorrelation).toBeCloseTo(1, 12);

    const allThree = exampleValues.map(() => [3, 3, 3, 1]);
    const [flat] = itemStatistics(compactQuestionnaire(example(true)), allThree, { minimumEvaluations: 5 });
    expect(flat).toMatchObject({ cronbachAlpha: null, reason: "the dimension's total score does not vary" });

    // q1 varies, the others are constant: its correlation has no partner that varies.
    const oneVaries = exampleValues.map(([a]) => [a ?? 1, 3, 3, 1]);
    const [rest] = itemStatistics(compactQuestionnaire(example(true)), oneVaries, { minimumEvaluations: 5 });
    expect(rest?.items[0]).toMatchObject({ correctedItemTotalCorrelation: null, reason: "the dimension's other items do not vary" });
    expect(rest?.cronbachAlpha).toBe(0);

    const single: QuestionnaireDefinition = { groups: [{ id: 1, name: 'one', scoreType: 'MAX_MEAN' }], questions: [question(1, 1, 0)] };
    const [alone] = itemStatistics(
      compactQuestionnaire(single),
      exampleValues.map(([a]) => [a ?? 1]),
      { minimumEvaluations: 5 },
    );
    expect(alone).toMatchObject({ k: 1, cronbachAlpha: null, reason: 'alpha needs at least two items' });
    expect(alone?.items[0]).toMatchObject({ mean: 3, correctedItemTotalCorrelation: null, flag: false });
    for (const dimension of [withConstant, flat, rest, alone]) expect(undefinedWithoutReason(dimension)).toEqual([]);
  });

  it('counts an evaluation in a dimension only when it answered every item there, and refuses values outside 0-5', () => {
    const partial = [...exampleValues, [5, 0, 1, 3]];
    const [dimension] = itemStatistics(compactQuestionnaire(example(true)), partial, { minimumEvaluations: 5 });
    expect(dimension?.n).toBe(5);
    expect(() => itemStatistics(compactQuestionnaire(example(true)), [[6, 1, 1, 1]])).toThrow(ScoringInputError);
    expect(() => itemStatistics(compactQuestionnaire(example(true)), [[1, 1, 1]])).toThrow(ScoringInputError);
  });
});

/** The textbook formulas, written without the library's helpers: alpha from the covariance matrix, r from raw sums. */
function reference(rows: readonly number[][]): { alpha: number; correlations: number[]; means: number[]; sds: number[] } {
  const n = rows.length;
  const k = rows[0]?.length ?? 0;
  const col = (j: number) => rows.map((row) => row[j] ?? 0);
  const cov = (x: number[], y: number[]) => {
    const sx = x.reduce((a, b) => a + b, 0);
    const sy = y.reduce((a, b) => a + b, 0);
    const sxy = x.reduce((a, b, i) => a + b * (y[i] ?? 0), 0);
    return (sxy - (sx * sy) / n) / (n - 1);
  };
  let trace = 0;
  let all = 0;
  for (let i = 0; i < k; i += 1)
    for (let j = 0; j < k; j += 1) {
      const c = cov(col(i), col(j));
      all += c;
      if (i === j) trace += c;
    }
  const correlations = Array.from({ length: k }, (_x, j) => {
    const item = col(j);
    const rest = rows.map((row) => row.reduce((a, b) => a + b, 0) - (row[j] ?? 0));
    return cov(item, rest) / Math.sqrt(cov(item, item) * cov(rest, rest));
  });
  const means = Array.from({ length: k }, (_x, j) => col(j).reduce((a, b) => a + b, 0) / n);
  const sds = Array.from({ length: k }, (_x, j) => Math.sqrt(cov(col(j), col(j))));
  return { alpha: (k / (k - 1)) * (1 - trace / all), correlations, means, sds };
}

const KEYS = [false, true, false, true, false];
const keyed: QuestionnaireDefinition = {
  groups: [{ id: 7, name: 'g', scoreType: 'SUPPLEMENTARY' }],
  questions: KEYS.map((reverseScore, index) => question(index + 1, 7, index, { reverseScore })),
};
/** 30-80 evaluations of five items; a shared trait makes the items correlate, noise keeps them varying. */
const evaluationsArb = fc.array(
  fc
    .tuple(fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: -1, max: 1 }), { minLength: 5, maxLength: 5 }))
    .map(([trait, noise]) =>
      noise.map((delta, index) => {
        const scored = Math.min(5, Math.max(1, trait + delta));
        return KEYS[index] ? 6 - scored : scored;
      }),
    ),
  { minLength: 30, maxLength: 80 },
);
const varies = (rows: number[][]) =>
  [0, 1, 2, 3, 4].every((j) => new Set(rows.map((row) => row[j])).size > 1) &&
  new Set(rows.map((row) => row.reduce((a, b) => a + b, 0))).size > 1;

describe('itemStatistics: properties', () => {
  const compact = compactQuestionnaire(keyed);

  it('agrees with the reference computation on the scored values', () => {
    fc.assert(
      fc.property(evaluationsArb, (raw) => {
        const scored = raw.map((row) => row.map((value, index) => (KEYS[index] ? 6 - value : value)));
        fc.pre(varies(scored));
        const [dimension] = itemStatistics(compact, raw);
        const expected = reference(scored);
        expect(dimension?.n).toBe(raw.length);
        expect(dimension?.cronbachAlpha).toBeCloseTo(expected.alpha, 9);
        dimension?.items.forEach((item, j) => {
          expect(item.mean).toBeCloseTo(expected.means[j] ?? NaN, 9);
          expect(item.standardDeviation).toBeCloseTo(expected.sds[j] ?? NaN, 9);
          const r = item.correctedItemTotalCorrelation;
          if (r === null) expect(item.reason).not.toBeNull();
          else expect(r).toBeCloseTo(expected.correlations[j] ?? NaN, 9);
          expect(item.flag).toBe(r !== null && r < 0.2);
        });
      }),
    );
  });

  it('does not depend on the order of the evaluations', () => {
    fc.assert(
      fc.property(evaluationsArb, fc.integer(), (raw, seed) => {
        const shuffled = [...raw].sort((a, b) => (a.join('') + String(seed)).localeCompare(b.join('') + String(seed)));
        const [a] = itemStatistics(compact, raw);
        const [b] = itemStatistics(compact, shuffled);
        if (a?.cronbachAlpha === null) expect(b?.cronbachAlpha).toBeNull();
        else expect(b?.cronbachAlpha).toBeCloseTo(a?.cronbachAlpha ?? NaN, 9);
        a?.items.forEach((item, j) => {
          const other = b?.items[j];
          expect(other?.flag).toBe(item.flag);
          if (item.correctedItemTotalCorrelation === null) expect(other?.correctedItemTotalCorrelation).toBeNull();
          else expect(other?.correctedItemTotalCorrelation).toBeCloseTo(item.correctedItemTotalCorrelation, 9);
        });
      }),
    );
  });

  it('reads reverse-keyed items as 6 - value: the same scored values under flipped keys give the same numbers', () => {
    const plain = compactQuestionnaire({ ...keyed, questions: keyed.questions.map((q) => ({ ...q, reverseScore: false })) });
    fc.assert(
      fc.property(evaluationsArb, (raw) => {
        const scored = raw.map((row) => row.map((value, index) => (KEYS[index] ? 6 - value : value)));
        expect(
          JSON.stringify(itemStatistics(plain, scored).map((d) => ({ ...d, items: d.items.map((i) => ({ ...i, reverseScored: false })) }))),
        ).toBe(
          JSON.stringify(itemStatistics(compact, raw).map((d) => ({ ...d, items: d.items.map((i) => ({ ...i, reverseScored: false })) }))),
        );
      }),
    );
  });

  it('alpha is at most 1 and correlations stay within [-1, 1]; nothing is NaN', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 5, maxLength: 5 }), { minLength: 30, maxLength: 60 }),
        (raw) => {
          const [dimension] = itemStatistics(compact, raw);
          expect(undefinedWithoutReason(dimension)).toEqual([]);
          if (dimension?.cronbachAlpha !== null) expect(dimension?.cronbachAlpha).toBeLessThanOrEqual(1 + 1e-12);
          for (const item of dimension?.items ?? []) {
            const r = item.correctedItemTotalCorrelation;
            if (r !== null) expect(Math.abs(r)).toBeLessThanOrEqual(1);
            expect(Number.isFinite(item.mean)).toBe(true);
          }
        },
      ),
    );
  });
});
