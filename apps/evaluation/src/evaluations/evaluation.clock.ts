export const EVALUATION_CLOCK = Symbol('EVALUATION_CLOCK');
export type EvaluationClock = () => Date;
