import type { WorkstyleResult } from '@teamfit/scoring';

export type { FixedGroup, FixedQuestion, QuestionSet } from '@teamfit/evaluations';

/** Stored when the last answer arrives (the published results plus the extra fields of docs/scoring.md). */
export type EvaluationResults = WorkstyleResult;
