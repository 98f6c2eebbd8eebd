import { categoryOf } from './categories';
import { round2 } from './rounding';

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
