/** An evaluation's status: created, answered in part, complete (its results stored). */
export const EVALUATION_STATUSES = ['pending', 'in_progress', 'complete'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];
