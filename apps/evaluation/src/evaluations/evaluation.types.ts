import type { ScoreType, WorkstyleResult } from '@teamfit/scoring';

/** A question as the evaluation fixed it at creation: what is served, and what scoring needs. */
export interface FixedQuestion {
  id: number;
  text: string;
  summary: string | null;
  type: string;
  likertAnswerSet: string | null;
  questionGroupId: number;
  questionGroupName: string;
  questionGroupTitle: string;
  orderIndex: number | null;
  reverseScore: boolean;
  faking: boolean;
  metadata: string | null;
}

export interface FixedGroup {
  id: number;
  name: string;
  title: string;
  scoreType: ScoreType;
}

export interface QuestionSet {
  groups: FixedGroup[];
  /** In delivery order: groups in order, then each group's questions in order. */
  questions: FixedQuestion[];
}

/** Stored when the last answer arrives (spec 2.3 plus the extra fields of SCORING.md). */
export type EvaluationResults = WorkstyleResult;
