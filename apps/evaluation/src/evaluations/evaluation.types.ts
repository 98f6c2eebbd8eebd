import type { WorkstyleResult } from '@teamfit/scoring';

export type { FixedGroup, FixedQuestion, QuestionSet } from '@teamfit/evaluations';

/** Stored when the last answer arrives (the published results plus the extra fields of docs/scoring.md). */
export type EvaluationResults = WorkstyleResult;

/** A member's score profile in the team context a result was computed against: its evaluation and questionnaire version. */
export interface ExplainedProfile {
  evaluationId: string;
  questionnaireVersionId: number;
}
