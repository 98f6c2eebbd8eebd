import type { WorkstyleResult } from '@teamfit/scoring';

export type { FixedGroup, FixedQuestion, QuestionSet } from '@teamfit/evaluations';

/** Stored when the last answer arrives (spec 2.3 plus the extra fields of SCORING.md). */
export type EvaluationResults = WorkstyleResult;
