/*
 * What each part counts, by name: the parts record them and the profile service answers them
 * (its OpenAPI schemas name the same fields), so the names are declared once, here.
 */

export const PROFILE_ERASURE_COUNTS = [
  'personas',
  'emailChanges',
  'loginChallenges',
  'refreshTokens',
  'loginThrottles',
  'teamMemberships',
  'demographics',
] as const;
export const EVALUATION_ERASURE_COUNTS = [
  'evaluations',
  'answers',
  'scoreProfiles',
  'reviews',
  'teamMemberships',
  'experiences',
  'goals',
] as const;
export const ORGANISATION_ERASURE_COUNTS = ['serviceRequests', 'comments', 'historyEntries', 'attachments', 'apiCalls'] as const;

export type ProfileErasureCounts = Record<(typeof PROFILE_ERASURE_COUNTS)[number], number>;
export type EvaluationErasureCounts = Record<(typeof EVALUATION_ERASURE_COUNTS)[number], number>;
export type OrganisationErasureCounts = Record<(typeof ORGANISATION_ERASURE_COUNTS)[number], number>;
