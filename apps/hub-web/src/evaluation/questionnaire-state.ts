import type { Schemas } from '@teamfit/api-client';

export type RailItem = Schemas['QuestionRailItemDto'];
type Evaluation = Schemas['EvaluationDto'];
type Answered = Schemas['AnsweredEvaluationDto'];

/**
 * What the questionnaire page shows. The platform decides which question is current and when the
 * evaluation is complete; the page keeps its last answers and shows one question at a time: the
 * current one, or an answered one the candidate chose to change.
 */
export interface QuestionnaireState {
  status: Evaluation['status'];
  progress: { answered: number; total: number };
  items: RailItem[];
  /** The question the platform serves next (`currentQuestion` / `nextQuestion`); null once complete. */
  currentId: number | null;
  /** The question on screen. */
  shownId: number | null;
}

/** The page's state from GET /evaluation/evaluation/:id and GET …/questions. */
export function loadedState(evaluation: Evaluation, rail: Schemas['QuestionRailDto']): QuestionnaireState {
  const currentId = evaluation.status === 'complete' ? null : (evaluation.currentQuestion?.id ?? null);
  const items = rail.items.map((item) =>
    item.status === 'current' && item.id !== currentId
      ? { ...item, status: item.answer ? ('answered' as const) : ('pending' as const) }
      : item,
  );
  return { status: evaluation.status, progress: evaluation.progress, items, currentId, shownId: currentId };
}

/**
 * After the platform took an answer: the answered item shows its value, the question the answer
 * names next is the current one (and is shown), and the counts are the platform's.
 */
export function answeredState(
  state: QuestionnaireState,
  questionId: number,
  value: number,
  timeTaken: number,
  answered: Answered,
): QuestionnaireState {
  const currentId = answered.status === 'complete' ? null : (answered.nextQuestion?.id ?? null);
  const items = state.items.map((item): RailItem => {
    if (item.id === questionId) {
      return { ...item, status: 'answered', answer: { value, timeTaken, answeredAt: answered.updatedAt } };
    }
    if (item.id === currentId) return { ...item, status: 'current' };
    if (item.status === 'current') return { ...item, status: item.answer ? 'answered' : 'pending' };
    return item;
  });
  return { status: answered.status, progress: answered.progress, items, currentId, shownId: currentId };
}

/** Shows an answered question (to change its answer) or the current one; pending ones wait their turn. */
export function showQuestion(state: QuestionnaireState, questionId: number): QuestionnaireState {
  const item = state.items.find((candidate) => candidate.id === questionId);
  if (!item || state.status === 'complete' || (item.status !== 'answered' && item.id !== state.currentId)) return state;
  return { ...state, shownId: questionId };
}

export function shownItem(state: QuestionnaireState): RailItem | undefined {
  return state.items.find((item) => item.id === state.shownId);
}

/** 1-based position of a question in delivery order. */
export const positionOf = (item: RailItem): number => item.order + 1;

/** What the polite live region says when a question appears. */
export function announcement(state: QuestionnaireState): string {
  const { answered, total } = state.progress;
  if (state.status === 'complete') return `All ${total} questions answered. Thank you.`;
  const item = shownItem(state);
  if (!item) return `${answered} of ${total} questions answered.`;
  const changing = item.id !== state.currentId ? ' You are changing an earlier answer.' : '';
  return `Question ${positionOf(item)} of ${total}. ${answered} of ${total} answered.${changing}`;
}
