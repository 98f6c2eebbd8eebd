import { numberWords, scoreFraction } from './chart-scale';

describe('scoreFraction', () => {
  it('gives the share of the 0-100 scale a score fills', () => {
    expect(scoreFraction(0)).toBe(0);
    expect(scoreFraction(75)).toBe(0.75);
    expect(scoreFraction(100)).toBe(1);
  });

  it('holds values outside the scale at its ends, and fills nothing for no number', () => {
    expect(scoreFraction(-5)).toBe(0);
    expect(scoreFraction(140)).toBe(1);
    expect(scoreFraction(Number.NaN)).toBe(0);
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
