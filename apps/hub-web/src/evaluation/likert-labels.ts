/**
 * The words of each answer set, values 1 to 5 in order, as the platform seeds them for its
 * questionnaire (LIKERT_ANSWER_LABELS in libs/assessment, not imported: the page bundle takes no
 * server library). A question without a known set is asked on the agreement scale.
 */
const LABELS = {
  agree: ['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree'],
  usually: ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'],
  important: ['Not important', 'Slightly important', 'Moderately important', 'Very important', 'Extremely important'],
} as const;

export interface AnswerOption {
  value: number;
  label: string;
}

export function answerOptions(likertAnswerSet: string | null | undefined): AnswerOption[] {
  const labels = likertAnswerSet && likertAnswerSet in LABELS ? LABELS[likertAnswerSet as keyof typeof LABELS] : LABELS.agree;
  return labels.map((label, index) => ({ value: index + 1, label }));
}
