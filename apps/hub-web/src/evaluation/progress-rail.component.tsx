import { answerOptions } from './likert-labels';
import { positionOf, type QuestionnaireState } from './questionnaire-state';

interface ProgressRailProps {
  state: QuestionnaireState;
  onShow: (questionId: number) => void;
}

const answerLabel = (likertAnswerSet: string | null, value: number): string =>
  answerOptions(likertAnswerSet).find((option) => option.value === value)?.label ?? String(value);

/**
 * Progress at a glance (a native progress bar with its numbers in words) and every question in
 * order: answered ones can be opened to change the answer, the current one to go back to it.
 */
export function ProgressRail({ state, onShow }: ProgressRailProps) {
  const { answered, total } = state.progress;
  return (
    <aside className="rail" aria-label="Progress">
      <p id="progress-label" className="progress-text">
        {answered} of {total} answered
      </p>
      <progress aria-labelledby="progress-label" value={answered} max={Math.max(total, 1)} />
      <details>
        <summary>All questions</summary>
        <ol className="rail-list">
          {state.items.map((item) => {
            const position = positionOf(item);
            if (item.status === 'answered' && item.answer) {
              return (
                <li key={item.id} className="answered">
                  <button
                    type="button"
                    className="link"
                    onClick={() => onShow(item.id)}
                    aria-current={state.shownId === item.id ? 'step' : undefined}
                  >
                    Question {position}: {item.text} — answered “{answerLabel(item.likertAnswerSet, item.answer.value)}”. Change
                  </button>
                </li>
              );
            }
            if (item.id === state.currentId) {
              return (
                <li key={item.id} className="current">
                  <button
                    type="button"
                    className="link"
                    onClick={() => onShow(item.id)}
                    aria-current={state.shownId === item.id ? 'step' : undefined}
                  >
                    Question {position}: {item.text} — next to answer
                  </button>
                </li>
              );
            }
            return (
              <li key={item.id} className="pending">
                Question {position}: not answered yet
              </li>
            );
          })}
        </ol>
      </details>
    </aside>
  );
}
