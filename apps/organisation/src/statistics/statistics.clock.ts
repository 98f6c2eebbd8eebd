export const STATISTICS_CLOCK = Symbol('STATISTICS_CLOCK');
export type StatisticsClock = () => Date;
