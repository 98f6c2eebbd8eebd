import { monthsBefore } from './evaluation-retention.job';

describe('monthsBefore: the retention cutoff in calendar months', () => {
  it('keeps the day and the time of day', () => {
    expect(monthsBefore(new Date('2026-06-15T12:34:56.789Z'), 24).toISOString()).toBe('2024-06-15T12:34:56.789Z');
    expect(monthsBefore(new Date('2026-01-10T00:00:00.000Z'), 1).toISOString()).toBe('2025-12-10T00:00:00.000Z');
  });

  it('takes the last day of a shorter month rather than running into the next', () => {
    expect(monthsBefore(new Date('2026-03-31T08:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(monthsBefore(new Date('2026-02-28T08:00:00.000Z'), 24).toISOString()).toBe('2024-02-28T08:00:00.000Z');
    expect(monthsBefore(new Date('2028-02-29T08:00:00.000Z'), 12).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(monthsBefore(new Date('2026-05-31T23:59:59.999Z'), 3).toISOString()).toBe('2026-02-28T23:59:59.999Z');
  });
});
