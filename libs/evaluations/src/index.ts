export { EvaluationStatistics, type EvaluationCounts } from './evaluation-statistics';
export { EVALUATION_STATUSES, type EvaluationStatus } from './evaluation-status';
export { DimensionDetailDto, DimensionResultDto, EvaluationResultsDto, ResultValidityDto, SCORE_CATEGORIES } from './evaluation-results.dto';
