import type { ScoreType } from '@teamfit/scoring';

/*
 * The question set an evaluation fixes at creation, as the evaluation service stores it
 * (evaluation.questionnaire_versions.question_set). Here so that the read module of a persona's
 * export (privacy/persona-export.reader.ts) reads the same shape the service writes.
 */

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
