import { LIKERT_ANSWER_SETS, SCORE_TYPES } from '../assessment.tables';
import { CONFLICT_STYLES, LIKERT_ANSWER_LABELS, PLATFORM_QUESTIONNAIRE } from './platform-questionnaire';

/** docs/assessment.md, "The shipped questionnaire", as a table: name, scoreType, scored items. */
const EXPECTED: Array<[string, string, number]> = [
  ['pace', 'SUPPLEMENTARY', 5],
  ['structure', 'SUPPLEMENTARY', 5],
  ['detail', 'COMPLEMENTARY', 5],
  ['autonomy', 'SUPPLEMENTARY', 5],
  ['collaboration', 'INDIVIDUAL_SUPPLEMENTARY', 5],
  ['communication', 'INDIVIDUAL_SUPPLEMENTARY', 5],
  ['feedback', 'SUPPLEMENTARY', 5],
  ['innovation', 'COMPLEMENTARY', 5],
  ['risk', 'SUPPLEMENTARY', 5],
  ['decision', 'COMPLEMENTARY', 5],
  ['values', 'TOP_TEN', 20],
  ['conflict', 'CONFLICT', 10],
  ['drive', 'MAX_MEAN', 5],
  ['reliability', 'MIN_MEAN', 5],
  ['learning', 'GROUP_AVERAGE', 5],
  ['wellbeing', 'SUPPLEMENTARY', 5],
];
const FAKING_GROUPS = ['structure', 'feedback', 'drive', 'reliability'];

describe('the platform questionnaire (docs/assessment.md)', () => {
  it('has the sixteen groups in order, with their score types and scored item counts', () => {
    expect(
      PLATFORM_QUESTIONNAIRE.map((group) => [group.name, group.scoreType, group.questions.filter((question) => !question.faking).length]),
    ).toEqual(EXPECTED);
    for (const group of PLATFORM_QUESTIONNAIRE) {
      expect(SCORE_TYPES).toContain(group.scoreType);
      expect(group.title.length).toBeGreaterThan(0);
      expect(group.strapline.length).toBeGreaterThan(0);
    }
  });

  it('has 104 questions: four faking items, one each in groups 2, 7, 13 and 14', () => {
    expect(PLATFORM_QUESTIONNAIRE.flatMap((group) => group.questions)).toHaveLength(104);
    const faking = PLATFORM_QUESTIONNAIRE.filter((group) => group.questions.some((question) => question.faking)).map((group) => group.name);
    expect(faking).toEqual(FAKING_GROUPS);
    for (const name of FAKING_GROUPS) {
      expect(PLATFORM_QUESTIONNAIRE.find((group) => group.name === name)?.questions.filter((question) => question.faking)).toHaveLength(1);
    }
    // A faking item is never also reverse-scored or in a sub-group: it never enters a dimension.
    for (const question of PLATFORM_QUESTIONNAIRE.flatMap((group) => group.questions).filter((q) => q.faking)) {
      expect(question).toMatchObject({ reverseScore: false, metadata: null });
    }
  });

  it('has at least one reverse-scored item in every five-item group', () => {
    for (const group of PLATFORM_QUESTIONNAIRE.filter((g) => g.questions.filter((q) => !q.faking).length === 5)) {
      expect([group.name, group.questions.some((question) => question.reverseScore)]).toEqual([group.name, true]);
    }
  });

  it('uses the important set for values and gives conflict two items per style', () => {
    expect(PLATFORM_QUESTIONNAIRE.find((group) => group.name === 'values')?.likertAnswerSet).toBe('important');
    const conflict = PLATFORM_QUESTIONNAIRE.find((group) => group.name === 'conflict');
    const styles = conflict?.questions.map((question) => question.metadata);
    for (const style of CONFLICT_STYLES) expect(styles?.filter((s) => s === style)).toHaveLength(2);
    const withMetadata = PLATFORM_QUESTIONNAIRE.filter((group) => group.name !== 'conflict')
      .flatMap((group) => group.questions)
      .filter((q) => q.metadata !== null);
    expect(withMetadata).toEqual([]);
  });

  it('has distinct question texts and summaries of about 200 characters', () => {
    const all = PLATFORM_QUESTIONNAIRE.flatMap((group) => group.questions);
    expect(new Set(all.map((question) => question.text.toLowerCase())).size).toBe(all.length);
    for (const question of all) {
      expect(question.text.length).toBeLessThanOrEqual(200);
      expect([question.text, question.summary.length >= 120 && question.summary.length <= 260]).toEqual([question.text, true]);
    }
  });

  it('labels each answer set with five answers', () => {
    expect(Object.keys(LIKERT_ANSWER_LABELS).sort()).toEqual([...LIKERT_ANSWER_SETS].sort());
    for (const labels of Object.values(LIKERT_ANSWER_LABELS)) expect(new Set(labels).size).toBe(5);
  });
});
