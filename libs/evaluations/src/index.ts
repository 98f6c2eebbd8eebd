export { EvaluationStatistics, type EvaluationCounts } from './evaluation-statistics';
