import { type FormEvent, useEffect, useRef, useState } from 'react';
import { answerOptions } from './likert-labels';
import { positionOf, type RailItem } from './questionnaire-state';

interface QuestionProps {
  item: RailItem;
  total: number;
  /** True when this is an answered question the candidate came back to. */
  revisiting: boolean;
  busy: boolean;
  onAnswer: (value: number) => void;
  onBackToCurrent: () => void;
}

/**
 * One question as a labelled radio group. Its heading takes the focus when the question appears,
 * so keyboard and screen-reader users continue from the new question, not from the button they
 * pressed. Choosing does not send: arrow keys move through the group without answering.
 */
export function Question({ item, total, revisiting, busy, onAnswer, onBackToCurrent }: QuestionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [value, setValue] = useState<number | null>(item.answer?.value ?? null);
  const [missing, setMissing] = useState(false);
  const legendId = `question-${item.id}-text`;

  useEffect(() => {
    heading.current?.focus();
  }, [item.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (value === null) return setMissing(true);
    onAnswer(value);
  };

  return (
    <section className="question" aria-labelledby={`question-${item.id}-heading`}>
      <h2 id={`question-${item.id}-heading`} ref={heading} tabIndex={-1}>
        Question {positionOf(item)} of {total}
        <span className="group-title"> · {item.questionGroupTitle}</span>
      </h2>
      <form onSubmit={submit}>
        <fieldset aria-describedby={missing ? `question-${item.id}-missing` : undefined}>
          <legend id={legendId}>{item.text}</legend>
          <div className="options">
            {answerOptions(item.likertAnswerSet).map((option) => (
              <label key={option.value} className="option">
                <input
                  type="radio"
                  name={`question-${item.id}`}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => {
                    setValue(option.value);
                    setMissing(false);
                  }}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {missing ? (
          <p id={`question-${item.id}-missing`} className="problem" role="alert">
            Please choose an answer first.
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="primary" aria-disabled={busy}>
            {revisiting ? 'Save changed answer' : 'Save and continue'}
          </button>
          {revisiting ? (
            <button type="button" className="secondary" onClick={onBackToCurrent}>
              Back to where I left off
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
