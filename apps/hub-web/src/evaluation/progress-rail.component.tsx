import { memo } from 'react';
import { answerOptions } from './likert-labels';
import { positionOf, type QuestionnaireState, type RailItem } from './questionnaire-state';

interface ProgressRailProps {
  state: QuestionnaireState;
  onShow: (questionId: number) => void;
}

const answerLabel = (likertAnswerSet: string | null, value: number): string =>
  answerOptions(likertAnswerSet).find((option) => option.value === value)?.label ?? String(value);

interface RailEntryProps {
  item: RailItem;
  current: boolean;
  shown: boolean;
  onShow: (questionId: number) => void;
}

/** One question of the rail; memoised, so an answer re-renders only the entries it changed. */
const RailEntry = memo(function RailEntry({ item, current, shown, onShow }: RailEntryProps) {
  const position = positionOf(item);
  if (item.status === 'answered' && item.answer) {
    return (
      <li className="answered">
        <button type="button" className="link" onClick={() => onShow(item.id)} aria-current={shown ? 'step' : undefined}>
          Question {position}: {item.text} — answered “{answerLabel(item.likertAnswerSet, item.answer.value)}”. Change
        </button>
      </li>
    );
  }
  if (current) {
    return (
      <li className="current">
        <button type="button" className="link" onClick={() => onShow(item.id)} aria-current={shown ? 'step' : undefined}>
          Question {position}: {item.text} — next to answer
        </button>
      </li>
    );
  }
  return <li className="pending">Question {position}: not answered yet</li>;
});

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
          {state.items.map((item) => (
            <RailEntry key={item.id} item={item} current={item.id === state.currentId} shown={item.id === state.shownId} onShow={onShow} />
          ))}
        </ol>
      </details>
    </aside>
  );
}
