import { categoryOf } from './categories';
import { round2, round4 } from './rounding';

describe('round2', () => {
  it.each([
    [58.333333333333336, 58.33],
    [78.125, 78.13],
    [59.375, 59.38],
    [55.675, 55.68], // 55.675 * 100 is 5567.499999999999 in binary: the noise must not round it down
    [57.5275, 57.53],
    [0.375, 0.38],
    [-0.875, -0.88],
    [-0.004, 0],
    [100, 100],
    [0, 0],
  ])('rounds %p to %p (half away from zero)', (input, expected) => {
    expect(round2(input)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(round2(-0.001), 0)).toBe(true);
  });
});

describe('round4', () => {
  it.each([
    [65, 65],
    [1.00005, 1.0001],
    [-1.00005, -1.0001],
    [0.12345, 0.1235],
    [-0.00001, 0],
  ])('rounds %p to %p (half away from zero)', (input, expected) => {
    expect(round4(input)).toBe(expected);
  });
});

describe('categoryOf', () => {
  it.each([
    [0, 'low'],
    [32.99, 'low'],
    [33, 'medium'],
    [65.5, 'medium'],
    [65.99, 'medium'],
    [66, 'high'],
    [100, 'high'],
  ])('puts %p in %p', (score, category) => {
    expect(categoryOf(score)).toBe(category);
  });
});

describe('round2 without the 12-digit cut away from halves', () => {
  /** The rounding as it was always defined: every number cut to 12 significant digits first. */
  const reference = (x: number): number => {
    const rounded = Math.round(Number((Math.abs(x) * 100).toPrecision(12))) / 100;
    return x < 0 ? -rounded || 0 : rounded;
  };

  it('gives what the cut gives, on halves, near halves and anywhere else', () => {
    const samples = [55.675, 78.125, -0.875, 0.005, 1.005, 2.675, 59.375, 100, 0, 1e6 + 0.005, 33.333333333333336];
    for (let i = 0; i < 20000; i += 1) samples.push((i * 0.0025) % 101, -((i * 7.3) % 100) / 3, (i / 7) * 0.01 + 0.005);
    for (const x of samples) expect(round2(x)).toBe(reference(x));
  });
});
