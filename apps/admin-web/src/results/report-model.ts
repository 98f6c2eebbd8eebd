import type { Schemas } from '@teamfit/api-client';

export type ScoreType = Schemas['ScoreType'];
export type Category = 'low' | 'medium' | 'high';
type Dimension = Schemas['DimensionResultDto'];

/** The order and the words of the score types: how a dimension is scored against the team (docs/scoring.md). */
export const SCORE_TYPES: readonly { type: ScoreType; title: string; meaning: string }[] = [
  { type: 'SUPPLEMENTARY', title: 'Like the team', meaning: 'scores higher the closer the candidate is to the team mean' },
  { type: 'INDIVIDUAL_SUPPLEMENTARY', title: 'Like each member', meaning: 'scores higher the closer the candidate is to each member' },
  { type: 'COMPLEMENTARY', title: 'Filling a gap', meaning: 'scores higher when the candidate brings what the team has little of' },
  { type: 'MAX_MEAN', title: 'The strongest counts', meaning: 'scores the highest level in the team with the candidate' },
  { type: 'MIN_MEAN', title: 'The weakest counts', meaning: 'scores the lowest level in the team with the candidate' },
  { type: 'GROUP_AVERAGE', title: 'The average counts', meaning: 'scores the average level of the team with the candidate' },
  { type: 'TOP_TEN', title: 'The team’s priorities', meaning: 'compares the candidate with the team’s ten most valued items' },
  { type: 'CONFLICT', title: 'Conflict styles', meaning: 'compares the candidate’s conflict styles with the team’s' },
];

export const categoryWords = (category: Category): string => ({ low: 'Low fit', medium: 'Medium fit', high: 'High fit' })[category];

export interface DimensionRow {
  questionGroupId: number;
  name: string;
  scoreType: ScoreType;
  scorePercentage: number;
  scoreCategory: Category;
  weightPercentage: number;
  candidateLevel: number | null;
  teamMean: number | null;
  teamMin: number | null;
  teamMax: number | null;
  delta: number | null;
}

export interface DimensionGroup {
  scoreType: ScoreType;
  title: string;
  meaning: string;
  rows: DimensionRow[];
}

/** Every value the API gave for a dimension, as it gave it (nothing recomputed). */
export const dimensionRow = (dimension: Dimension): DimensionRow => ({
  questionGroupId: dimension.questionGroupId,
  name: dimension.name,
  scoreType: dimension.scoreType,
  scorePercentage: dimension.scorePercentage,
  scoreCategory: dimension.scoreCategory,
  weightPercentage: dimension.weightPercentage,
  candidateLevel: dimension.detail.candidateLevel,
  teamMean: dimension.detail.teamMean,
  teamMin: dimension.detail.teamMin,
  teamMax: dimension.detail.teamMax,
  delta: dimension.detail.delta,
});

/**
 * The dimensions grouped by score type, in the order of SCORE_TYPES, each group in the API's
 * order; a type without a dimension is left out, and a type this page does not know yet comes last
 * under its own name, so nothing the API answers is hidden.
 */
export function groupByScoreType(dimensions: readonly Dimension[]): DimensionGroup[] {
  const known = new Map(SCORE_TYPES.map((entry, index) => [entry.type, index]));
  const groups = new Map<ScoreType, DimensionGroup>();
  for (const dimension of dimensions) {
    let group = groups.get(dimension.scoreType);
    if (!group) {
      const words = SCORE_TYPES.find((entry) => entry.type === dimension.scoreType);
      group = { scoreType: dimension.scoreType, title: words?.title ?? dimension.scoreType, meaning: words?.meaning ?? '', rows: [] };
      groups.set(dimension.scoreType, group);
    }
    group.rows.push(dimensionRow(dimension));
  }
  return [...groups.values()].sort((a, b) => (known.get(a.scoreType) ?? known.size) - (known.get(b.scoreType) ?? known.size));
}

export interface ValidityNote {
  measure: string;
  value: string;
  explanation: string;
}

/**
 * The validity measures in words. Whether the result is flagged is the API's `flagged`; the page
 * explains each measure and names the platform's thresholds (docs/scoring.md) without applying them.
 */
export function validityNotes(validity: Schemas['ResultValidityDto']): { flagged: boolean; summary: string; notes: ValidityNote[] } {
  const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
  return {
    flagged: validity.flagged,
    summary: validity.flagged
      ? 'The platform flagged this result: read it with care and consider talking it through with the candidate.'
      : 'The platform did not flag this result: the answers show no sign of faking, rushing or answering by pattern.',
    notes: [
      {
        measure: 'Faking index',
        value: validity.fakingIndex === null ? 'not measured' : `${Math.round(validity.fakingIndex * 100) / 100} of 100`,
        explanation:
          validity.fakingIndex === null
            ? 'No control question for socially desirable answers was answered.'
            : 'How strongly the candidate endorsed the control questions for answering to look good; the platform flags 80 or more.',
      },
      {
        measure: 'Fast answers',
        value: percent(validity.fastAnswerRatio),
        explanation: 'The share of answers given in under 2 seconds; the platform flags 30% or more.',
      },
      {
        measure: 'Same answer in a row',
        value: `${validity.longestSameAnswerRun} ${validity.longestSameAnswerRun === 1 ? 'answer' : 'answers'}`,
        explanation: 'The longest run of identical answers; the platform flags 12 or more.',
      },
    ],
  };
}

export const roleElementWords: Record<Schemas['RoleMatchElementDto']['name'], string> = {
  industry: 'Industry',
  function: 'Work function',
  skill: 'Skills',
  studyMajor: 'Study major',
  professionalYears: 'Professional years',
  educationLevel: 'Education level',
  location: 'Location',
};

/** A role match is a score or the API's reason why none could be given. */
export const isRoleScore = (
  roleMatch: Schemas['RoleMatchScoreDto'] | Schemas['RoleMatchErrorDto'] | null | undefined,
): roleMatch is Schemas['RoleMatchScoreDto'] => !!roleMatch && 'score' in roleMatch;

/** A duration the API gives in seconds (`totalTimeTaken`), in minutes and seconds. */
export function durationWords(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes === 0) return part(rest, 'second');
  return rest === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(rest, 'second')}`;
}
