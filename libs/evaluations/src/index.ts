export { EvaluationStatistics, type EvaluationCounts } from './evaluation-statistics';
export { EVALUATION_STATUSES, type EvaluationStatus } from './evaluation-status';
export {
  DimensionDetailDto,
  DimensionResultDto,
  EvaluationResultsDto,
  ResultValidityDto,
  SCORE_CATEGORIES,
} from './evaluation-results.dto';
export {
  EvaluationExportReader,
  type ExportedAlgorithmTeamRow,
  type ExportedAnswerRow,
  type ExportedEvaluationRow,
  type ExportedExperienceRow,
  type ExportedGoalsRow,
  type ExportedLookup,
  type ExportedQuestionRow,
  type ExportedReviewRow,
} from './privacy/persona-export.reader';
export type { FixedGroup, FixedQuestion, QuestionSet } from './question-set.types';
