import { LEVEL_DOMAIN, linearScale, numberWords, SCORE_DOMAIN } from './chart-scale';

describe('linearScale', () => {
  it('maps the 1-5 level scale onto the chart width, ends on ends', () => {
    const x = linearScale(LEVEL_DOMAIN, [40, 440]);
    expect(x(1)).toBe(40);
    expect(x(5)).toBe(440);
    expect(x(3)).toBe(240);
    expect(x(2.5)).toBe(190);
  });

  it('holds values outside the domain at its ends', () => {
    const x = linearScale(SCORE_DOMAIN, [0, 200]);
    expect(x(-5)).toBe(0);
    expect(x(140)).toBe(200);
  });

  it('runs downwards as well (a vertical axis)', () => {
    const y = linearScale(SCORE_DOMAIN, [100, 0]);
    expect(y(0)).toBe(100);
    expect(y(75)).toBe(25);
  });

  it('gives ticks at each step, without rounding drift', () => {
    expect(linearScale(LEVEL_DOMAIN, [0, 1]).ticks()).toEqual([1, 2, 3, 4, 5]);
    expect(linearScale(SCORE_DOMAIN, [0, 1], 25).ticks()).toEqual([0, 25, 50, 75, 100]);
    expect(linearScale([0, 0.3], [0, 1], 0.1).ticks()).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('refuses an empty or reversed domain and a step that never ends', () => {
    expect(() => linearScale([5, 1], [0, 1])).toThrow(/low to high/);
    expect(() => linearScale([1, 1], [0, 1])).toThrow(/low to high/);
    expect(() => linearScale(LEVEL_DOMAIN, [0, 1], 0)).toThrow(/positive/);
  });
});

describe('numberWords', () => {
  it('prints the value with at most two decimals and a word for none', () => {
    expect(numberWords(58.333333)).toBe('58.33');
    expect(numberWords(75)).toBe('75');
    expect(numberWords(3.5)).toBe('3.5');
    expect(numberWords(null)).toBe('none');
    expect(numberWords(undefined, '–')).toBe('–');
  });
});
