import type { Schemas } from '@teamfit/api-client';
import { categoryWords, durationWords, groupByScoreType, isRoleScore, validityNotes } from './report-model';

const dimension = (
  questionGroupId: number,
  scoreType: Schemas['ScoreType'],
  detail: Partial<Schemas['DimensionDetailDto']> = {},
): Schemas['DimensionResultDto'] => ({
  questionGroupId,
  name: `group ${questionGroupId}`,
  scoreType,
  scorePercentage: 58.333333,
  scoreCategory: 'medium',
  weightPercentage: 12.5,
  detail: { candidateLevel: 3.5, teamMean: 2.75, teamMin: 1, teamMax: 4.25, delta: 0.75, ...detail },
});

describe('groupByScoreType', () => {
  it('groups the dimensions by score type in the page order, each in the API order', () => {
    const groups = groupByScoreType([
      dimension(3, 'COMPLEMENTARY'),
      dimension(1, 'SUPPLEMENTARY'),
      dimension(7, 'COMPLEMENTARY'),
      dimension(2, 'SUPPLEMENTARY'),
    ]);
    expect(groups.map((group) => group.scoreType)).toEqual(['SUPPLEMENTARY', 'COMPLEMENTARY']);
    expect(groups[0]?.rows.map((row) => row.questionGroupId)).toEqual([1, 2]);
    expect(groups[1]?.rows.map((row) => row.questionGroupId)).toEqual([3, 7]);
    expect(groups[0]?.title).toBe('Like the team');
  });

  it('keeps every number as the API gave it, nulls included', () => {
    const [group] = groupByScoreType([dimension(1, 'MIN_MEAN', { candidateLevel: null, delta: null })]);
    expect(group?.rows[0]).toEqual({
      questionGroupId: 1,
      name: 'group 1',
      scoreType: 'MIN_MEAN',
      scorePercentage: 58.333333,
      scoreCategory: 'medium',
      weightPercentage: 12.5,
      candidateLevel: null,
      teamMean: 2.75,
      teamMin: 1,
      teamMax: 4.25,
      delta: null,
    });
  });

  it('shows a score type it does not know last, under the API name', () => {
    const groups = groupByScoreType([dimension(9, 'NEW_TYPE' as Schemas['ScoreType']), dimension(1, 'CONFLICT')]);
    expect(groups.map((group) => [group.scoreType, group.title])).toEqual([
      ['CONFLICT', 'Conflict styles'],
      ['NEW_TYPE', 'NEW_TYPE'],
    ]);
  });
});

describe('validityNotes', () => {
  it('follows the API flag and explains each measure in words', () => {
    const notes = validityNotes({ fakingIndex: 85.5, fastAnswerRatio: 0.125, longestSameAnswerRun: 1, flagged: true });
    expect(notes.flagged).toBe(true);
    expect(notes.summary).toMatch(/flagged this result/);
    expect(notes.notes.map((note) => note.value)).toEqual(['85.5 of 100', '12.5%', '1 answer']);
  });

  it('does not decide the flag itself: an unflagged result stays unflagged whatever the numbers', () => {
    const notes = validityNotes({ fakingIndex: null, fastAnswerRatio: 0.9, longestSameAnswerRun: 40, flagged: false });
    expect(notes.flagged).toBe(false);
    expect(notes.summary).toMatch(/did not flag/);
    expect(notes.notes[0]).toMatchObject({ value: 'not measured' });
  });
});

describe('words', () => {
  it('names the categories and tells a role score from a role error', () => {
    expect(categoryWords('high')).toBe('High fit');
    expect(isRoleScore({ roleId: 1, error: 'Cannot resolve algorithmUserId for role match' })).toBe(false);
    expect(isRoleScore(null)).toBe(false);
    expect(isRoleScore({ roleId: 1, score: 50, scoreCategory: 'medium', experienceScore: null, goalScore: 50, breakdown: [] })).toBe(true);
  });
});

describe('durationWords', () => {
  it('gives the seconds the API counted in minutes and seconds', () => {
    expect(durationWords(418)).toBe('6 minutes 58 seconds');
    expect(durationWords(60)).toBe('1 minute');
    expect(durationWords(1)).toBe('1 second');
    expect(durationWords(0)).toBe('0 seconds');
    expect(durationWords(121)).toBe('2 minutes 1 second');
  });
});
