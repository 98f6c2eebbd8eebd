import { categoryOf } from './categories';
import { ScoringInputError } from './errors';
import { round2 } from './rounding';
import type {
  OrderedLookupRow,
  RoleCriterionName,
  RoleMatchElement,
  RoleMatchInput,
  RoleMatchResult,
  RoleMatchScore,
  RoleMatchSource,
  SetCriterion,
  ThresholdCriterion,
} from './types';

/** Points per priority (docs/scoring.md, "Role match"): 1 → 13, 2 → 7, 3 → 3, 4 and above → 1. */
export const PRIORITY_POINTS = [13, 7, 3] as const;
export const LOWEST_PRIORITY_POINTS = 1;
/** `roleMatch = 0.95 x experienceScore + 0.05 x goalScore` (docs/scoring.md, "Role match"). */
export const EXPERIENCE_WEIGHT = 0.95;
export const GOAL_WEIGHT = 0.05;

/** The `error` of a role match whose specification has no usable criterion on either side. */
export const ROLE_MATCH_NO_CRITERIA = 'Role specification has no criteria';

/** Narrows a role match result to the scored shape (the other carries `error`). */
export function isRoleMatchScore(result: RoleMatchResult): result is RoleMatchScore {
  return !('error' in result);
}

export function pointsForPriority(priority: number): number {
  if (!Number.isInteger(priority) || priority < 1) {
    throw new ScoringInputError(`Role criterion priority ${String(priority)} is not an integer >= 1`);
  }
  return PRIORITY_POINTS[priority - 1] ?? LOWEST_PRIORITY_POINTS;
}

/** An element before rounding: what the side scores are summed from. */
interface Element {
  readonly name: RoleCriterionName;
  readonly priority: number;
  readonly percentageMatch: number;
  readonly maxPoints: number;
  readonly source: RoleMatchSource;
}

/**
 * Role match of a candidate against a role specification (docs/scoring.md, "Role match").
 * Experience side: industry, function, skill, studyMajor (sets), professionalYears,
 * educationLevel (thresholds). Goal side: industry, function, skill, location (sets); the
 * specification's industry, function and skill criteria apply to both sides.
 */
export function computeRoleMatch(input: RoleMatchInput): RoleMatchResult {
  const { specification: spec, experience, goal } = input;
  const experienceElements = compact([
    setElement('industry', spec.industry, experience?.industryIds, 'experience'),
    setElement('function', spec.function, experience?.functionIds, 'experience'),
    setElement('skill', spec.skill, experience?.skillIds, 'experience'),
    // studyMajor is a set match although its lookup carries orderBy (docs/scoring.md, "Role match").
    setElement('studyMajor', spec.studyMajor, experience?.studyMajorIds, 'experience'),
    thresholdElement('professionalYears', spec.professionalYears, experience?.professionalYearsId, input.professionalYears),
    thresholdElement('educationLevel', spec.educationLevel, experience?.educationLevelId, input.educationLevels),
  ]);
  const goalElements = compact([
    setElement('industry', spec.industry, goal?.industryIds, 'goal'),
    setElement('function', spec.function, goal?.functionIds, 'goal'),
    setElement('skill', spec.skill, goal?.skillIds, 'goal'),
    setElement('location', spec.location, goal?.locationIds, 'goal'),
  ]);

  const experienceScore = sideScore(experienceElements);
  const goalScore = sideScore(goalElements);
  let score: number;
  if (experienceScore !== null && goalScore !== null) score = EXPERIENCE_WEIGHT * experienceScore + GOAL_WEIGHT * goalScore;
  else if (experienceScore !== null)
    score = experienceScore; // only one side configured: used directly
  else if (goalScore !== null) score = goalScore;
  else return { roleId: input.roleId, error: ROLE_MATCH_NO_CRITERIA };

  const rounded = round2(score);
  return {
    roleId: input.roleId,
    score: rounded,
    scoreCategory: categoryOf(rounded),
    experienceScore: experienceScore === null ? null : round2(experienceScore),
    goalScore: goalScore === null ? null : round2(goalScore),
    breakdown: [...experienceElements, ...goalElements].map(roundElement),
  };
}

/** A side's score on 0-100: earned points over the maximum points of its elements; null without elements. */
function sideScore(elements: readonly Element[]): number | null {
  if (elements.length === 0) return null;
  let earned = 0;
  let maximum = 0;
  for (const element of elements) {
    earned += element.maxPoints * element.percentageMatch;
    maximum += element.maxPoints;
  }
  return (100 * earned) / maximum;
}

/**
 * Set match: |spec ∩ candidate| / |spec|, over distinct ids. An empty specification set is no
 * element at all (it asks for nothing); a candidate without the record matches nothing.
 */
function setElement(
  name: RoleCriterionName,
  criterion: SetCriterion | null | undefined,
  candidateIds: readonly number[] | null | undefined,
  source: RoleMatchSource,
): Element | null {
  if (!criterion) return null;
  const wanted = new Set(criterion.ids);
  if (wanted.size === 0) return null;
  const held = new Set(candidateIds ?? []);
  let shared = 0;
  for (const id of wanted) if (held.has(id)) shared += 1;
  return {
    name,
    priority: criterion.priority,
    percentageMatch: shared / wanted.size,
    maxPoints: pointsForPriority(criterion.priority),
    source,
  };
}

/**
 * Threshold match: met (1) when the candidate's `orderBy` >= the specification's, else 0. The
 * match needs both orderBy values: without the specification's (unknown lookup id) there is no
 * element; without the candidate's (no record, no id, unknown id) the element scores 0.
 */
function thresholdElement(
  name: RoleCriterionName,
  criterion: ThresholdCriterion | null | undefined,
  candidateId: number | null | undefined,
  lookup: readonly OrderedLookupRow[],
): Element | null {
  if (!criterion) return null;
  const required = lookup.find((row) => row.id === criterion.id)?.orderBy;
  if (required === undefined) return null;
  const held = candidateId === null || candidateId === undefined ? undefined : lookup.find((row) => row.id === candidateId)?.orderBy;
  const met = held !== undefined && held >= required;
  return {
    name,
    priority: criterion.priority,
    percentageMatch: met ? 1 : 0,
    maxPoints: pointsForPriority(criterion.priority),
    source: 'experience',
  };
}

function roundElement(element: Element): RoleMatchElement {
  return {
    name: element.name,
    priority: element.priority,
    percentageMatch: round2(element.percentageMatch),
    points: round2(element.maxPoints * element.percentageMatch),
    maxPoints: element.maxPoints,
    source: element.source,
  };
}

function compact<T>(items: readonly (T | null)[]): T[] {
  return items.filter((item): item is T => item !== null);
}
