/**
 * @teamfit/scoring: the scoring engine as pure, deterministic functions (docs/scoring.md).
 * No framework, no database, no I/O: the evaluation service loads rows and passes them in.
 */
export * from './types';
export { round2, round4 } from './rounding';
export { CATEGORY_BUCKETS, categoryOf } from './categories';
export { ScoringInputError } from './errors';
export { computeWorkstyle } from './workstyle/compute-workstyle';
export { norm, sim, scoredValue } from './workstyle/scale';
export { TOP_TEN_MAX_ITEMS } from './workstyle/score-types';
export { VALIDITY_THRESHOLDS } from './workstyle/validity';
export {
  computeRoleMatch,
  isRoleMatchScore,
  pointsForPriority,
  EXPERIENCE_WEIGHT,
  GOAL_WEIGHT,
  LOWEST_PRIORITY_POINTS,
  PRIORITY_POINTS,
  ROLE_MATCH_NO_CRITERIA,
} from './role-match';
export {
  computeCombinedScore,
  blendWorkstyleScore,
  DEFAULT_ROLE_WEIGHT,
  MANAGEMENT_WORKSTYLE_WEIGHT,
  TEAM_WORKSTYLE_WEIGHT,
} from './combined';
export { compareIndividuals } from './comparison';
export { REASONS_PER_SIDE, scoreReasons, type ScoreReason, type ScoreReasons } from './reasons';
export {
  answersFromValues,
  compactProfile,
  compactQuestionnaire,
  computeWorkstyleWithTeam,
  scoreCompletion,
  relayoutValues,
  TeamAggregate,
  type ReadonlyTeamAggregate,
  type CompactProfile,
  type CompactQuestionnaire,
} from './workstyle/team-aggregate';
export { teamProfile, type TeamDimensionProfile, type TeamProfile } from './workstyle/team-profile';
export { TeamScorer } from './workstyle/team-scorer';
export {
  dimensionContributions,
  teamFromInputs,
  teamInputsOf,
  workstyleFromInputs,
  type DimensionContribution,
  type MemberLevels,
  type TeamDimensionInputs,
  type TeamInputs,
  type WorkstyleInputs,
} from './workstyle/explanation';
export {
  ITEM_STATISTICS_MIN_EVALUATIONS,
  ITEM_TOTAL_FLAG_BELOW,
  itemStatistics,
  type DimensionItemStatistics,
  type ItemStatistic,
  type ItemStatisticsOptions,
} from './statistics/item-statistics';
