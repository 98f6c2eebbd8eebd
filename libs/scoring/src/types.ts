/**
 * Public input and output shapes of the scoring engine. Inputs are plain rows the evaluation
 * service already loads (questions, groups, answers, algorithm entities), so the engine needs no
 * database and no framework. Output field names are the ones the API publishes
 * (`docs/openapi/platform.json`), including the extra fields docs/scoring.md describes.
 */

/** The eight workstyle score types, as the API and the question-group records spell them. */
export const SCORE_TYPES = [
  'SUPPLEMENTARY',
  'COMPLEMENTARY',
  'TOP_TEN',
  'INDIVIDUAL_SUPPLEMENTARY',
  'CONFLICT',
  'MAX_MEAN',
  'MIN_MEAN',
  'GROUP_AVERAGE',
] as const;

export type ScoreType = (typeof SCORE_TYPES)[number];

/** Narrows a stored string (the database keeps `scoreType` as text) to a known score type. */
export function isScoreType(value: string): value is ScoreType {
  return (SCORE_TYPES as readonly string[]).includes(value);
}

export type ScoreCategory = 'low' | 'medium' | 'high';

// ---------------------------------------------------------------------------------------------
// Workstyle inputs

/** A question group (dimension). The array order of `QuestionnaireDefinition.groups` is the group order. */
export interface QuestionGroupDefinition {
  readonly id: number;
  readonly name: string;
  /** Validated at run time with `isScoreType`, since rows carry it as text. */
  readonly scoreType: ScoreType;
  /** Relative weight of the dimension in the overall score; default 1. */
  readonly weight?: number | null;
}

export interface QuestionDefinition {
  readonly id: number;
  readonly groupId: number;
  /** Position within the group (the question's `orderIndex`); breaks TOP_TEN ties and orders delivery. */
  readonly order?: number | null;
  readonly reverseScore?: boolean;
  /** Validity item: never enters a dimension, only the `validity` block. */
  readonly faking?: boolean;
  /** CONFLICT sub-group (e.g. `competing`); questions without one share the sub-group `''`. */
  readonly metadata?: string | null;
}

export interface QuestionnaireDefinition {
  readonly groups: readonly QuestionGroupDefinition[];
  readonly questions: readonly QuestionDefinition[];
}

/** One stored answer. `value` is an integer 1-5, `timeTaken` whole seconds >= 0 (default 0). */
export interface AnswerInput {
  readonly questionId: number;
  readonly value: number;
  readonly timeTaken?: number | null;
}

/** All answers of one person (the candidate, or one team member's latest completed evaluation). */
export type PersonAnswers = readonly AnswerInput[];

export interface WorkstyleInput {
  readonly questionnaire: QuestionnaireDefinition;
  readonly candidateAnswers: PersonAnswers;
  /**
   * One entry per team member, already chosen by the caller (docs/scoring.md, "Public API": the team's
   * personas, their latest completed evaluation, the candidate left out unless the organisation
   * includes them). Members without any scored answer are left out here too.
   */
  readonly teamAnswers: readonly PersonAnswers[];
}

// ---------------------------------------------------------------------------------------------
// Workstyle outputs

/** Why a dimension scored what it did (levels on the 1-5 scale). */
export interface DimensionDetail {
  /** Candidate's mean scored value on the dimension; null when they answered none of its items. */
  readonly candidateLevel: number | null;
  /** Mean, lowest and highest member level; null when no member has a level here (N = 0). */
  readonly teamMean: number | null;
  readonly teamMin: number | null;
  readonly teamMax: number | null;
  /** `candidateLevel - teamMean` of the two rounded numbers shown; null when either is null. */
  readonly delta: number | null;
}

export interface DimensionResult {
  readonly questionGroupId: number;
  readonly name: string;
  readonly scoreType: ScoreType;
  readonly scorePercentage: number;
  readonly scoreCategory: ScoreCategory;
  readonly weightPercentage: number;
  readonly detail: DimensionDetail;
}

/** Flag-and-review indicators over the candidate's answers; they never change a score. */
export interface ValidityResult {
  /** Mean scored value of the answered faking items on 0-100; null when none was answered. */
  readonly fakingIndex: number | null;
  /** Share (0-1) of answers with `0 < timeTaken < 2` seconds. */
  readonly fastAnswerRatio: number;
  /** Longest run of identical answer values in delivery order. */
  readonly longestSameAnswerRun: number;
  readonly flagged: boolean;
}

export const WORKSTYLE_SCORING_VERSION = 'ws-1';

export interface WorkstyleResult {
  readonly overallScore: number;
  readonly overallCategory: ScoreCategory;
  readonly totalTimeTaken: number;
  readonly dimensions: readonly DimensionResult[];
  readonly teamSize: number;
  readonly scoringVersion: typeof WORKSTYLE_SCORING_VERSION;
  readonly validity: ValidityResult;
}

// ---------------------------------------------------------------------------------------------
// Role match

/** A set criterion of a role specification: `{ids, priority}`. */
export interface SetCriterion {
  readonly ids: readonly number[];
  readonly priority: number;
}

/** A threshold criterion: the id of a professional-years or education-level lookup row. */
export interface ThresholdCriterion {
  readonly id: number;
  readonly priority: number;
}

/** A role specification record (docs/algorithm.md); every criterion is optional. */
export interface RoleSpecificationInput {
  readonly industry?: SetCriterion | null;
  readonly function?: SetCriterion | null;
  readonly skill?: SetCriterion | null;
  readonly studyMajor?: SetCriterion | null;
  readonly location?: SetCriterion | null;
  readonly professionalYears?: ThresholdCriterion | null;
  readonly educationLevel?: ThresholdCriterion | null;
}

export interface UserExperienceInput {
  readonly industryIds?: readonly number[] | null;
  readonly functionIds?: readonly number[] | null;
  readonly skillIds?: readonly number[] | null;
  readonly studyMajorIds?: readonly number[] | null;
  readonly professionalYearsId?: number | null;
  readonly educationLevelId?: number | null;
}

export interface UserGoalInput {
  readonly industryIds?: readonly number[] | null;
  readonly functionIds?: readonly number[] | null;
  readonly skillIds?: readonly number[] | null;
  readonly locationIds?: readonly number[] | null;
}

/** A lookup row that carries `orderBy` (professionalyears, educationlevels). */
export interface OrderedLookupRow {
  readonly id: number;
  readonly orderBy: number;
}

export interface RoleMatchInput {
  readonly roleId: number;
  readonly specification: RoleSpecificationInput;
  /** The candidate's experience record; null when they have none (matches nothing). */
  readonly experience: UserExperienceInput | null;
  /** The candidate's goal record; null when they have none (matches nothing). */
  readonly goal: UserGoalInput | null;
  readonly professionalYears: readonly OrderedLookupRow[];
  readonly educationLevels: readonly OrderedLookupRow[];
}

export type RoleMatchSource = 'experience' | 'goal';

export type RoleCriterionName = 'industry' | 'function' | 'skill' | 'studyMajor' | 'professionalYears' | 'educationLevel' | 'location';

export interface RoleMatchElement {
  readonly name: RoleCriterionName;
  readonly priority: number;
  /** 0-1. */
  readonly percentageMatch: number;
  readonly points: number;
  readonly maxPoints: number;
  readonly source: RoleMatchSource;
}

export interface RoleMatchScore {
  readonly roleId: number;
  readonly score: number;
  readonly scoreCategory: ScoreCategory;
  /** Null when the specification has no criterion on that side. */
  readonly experienceScore: number | null;
  readonly goalScore: number | null;
  readonly breakdown: readonly RoleMatchElement[];
}

export interface RoleMatchFailure {
  readonly roleId: number;
  readonly error: string;
}

export type RoleMatchResult = RoleMatchScore | RoleMatchFailure;

// ---------------------------------------------------------------------------------------------
// Combined score

export interface CombinedScoreInput {
  /** Role match score 0-100, or null when there is none. */
  readonly roleScore: number | null;
  /** Workstyle score 0-100, or null when there is none. */
  readonly workstyleScore: number | null;
  /** 0-100; default 50. */
  readonly roleWeight?: number | null;
}

export interface CombinedScore {
  readonly score: number;
  readonly scoreCategory: ScoreCategory;
  readonly roleWeight: number;
}

// ---------------------------------------------------------------------------------------------
// Individual comparison

export const COMPARISON_MODES = ['PAIRWISE', 'MUTUAL', 'SIMULATED_TEAM'] as const;

export type ComparisonMode = (typeof COMPARISON_MODES)[number];

export interface ComparisonInput {
  readonly questionnaire: QuestionnaireDefinition;
  readonly answersA: PersonAnswers;
  readonly answersB: PersonAnswers;
  /** Default PAIRWISE. */
  readonly mode?: ComparisonMode | null;
}

export interface ComparisonResult {
  readonly mode: ComparisonMode;
  /** PAIRWISE: the A-to-B score; MUTUAL and SIMULATED_TEAM: the average of both directions. */
  readonly score: number;
  readonly scoreCategory: ScoreCategory;
  /** A-to-B: B scored as the candidate against a one-person team of A. */
  readonly dimensions: readonly DimensionResult[];
  /** B-to-A overall score; only for MUTUAL and SIMULATED_TEAM. */
  readonly reverseScore?: number;
  /** B-to-A dimensions; only for MUTUAL and SIMULATED_TEAM. */
  readonly reverseDimensions?: readonly DimensionResult[];
  /** Both raw directions in full (validity, details), for callers that want more than the published shape. */
  readonly aToB: WorkstyleResult;
  readonly bToA: WorkstyleResult | null;
}
