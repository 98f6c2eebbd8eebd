import type { Schemas } from '@teamfit/api-client';
import { answerOptions } from './likert-labels';
import { announcement, answeredState, loadedState, type RailItem, showQuestion, shownItem } from './questionnaire-state';

const item = (id: number, order: number, status: RailItem['status'], value?: number): RailItem => ({
  id,
  order,
  status,
  text: `Question ${id}`,
  type: 'LIKERT',
  likertAnswerSet: 'agree',
  questionGroupId: 1,
  questionGroupName: 'pace',
  questionGroupTitle: 'Pace',
  summary: null,
  ...(value === undefined ? {} : { answer: { value, timeTaken: 3, answeredAt: '2026-01-01T00:00:00.000Z' } }),
});

const served = (id: number): Schemas['ServedQuestionDto'] => ({
  id,
  text: `Question ${id}`,
  type: 'LIKERT',
  likertAnswerSet: 'agree',
  questionGroupId: 1,
  questionGroupName: 'pace',
  questionGroupTitle: 'Pace',
});

const base = {
  id: 'e1',
  personaId: 'p1',
  teamId: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:01:00.000Z',
  invitedAt: null,
};

describe('the questionnaire page state', () => {
  const rail = { items: [item(10, 0, 'answered', 4), item(11, 1, 'current'), item(12, 2, 'pending')], progress: { answered: 1, total: 3 } };
  const loaded = loadedState({ ...base, status: 'in_progress', progress: { answered: 1, total: 3 }, currentQuestion: served(11) }, rail);

  it('resumes at the question the platform names current', () => {
    expect(loaded.currentId).toBe(11);
    expect(shownItem(loaded)?.id).toBe(11);
    expect(announcement(loaded)).toBe('Question 2 of 3. 1 of 3 answered.');
  });

  it("after an answer shows the platform's next question and its counts", () => {
    const next = answeredState(loaded, 11, 5, 7, {
      ...base,
      status: 'in_progress',
      progress: { answered: 2, total: 3 },
      nextQuestion: served(12),
    });
    expect(next.items.map((entry) => [entry.id, entry.status, entry.answer?.value])).toEqual([
      [10, 'answered', 4],
      [11, 'answered', 5],
      [12, 'current', undefined],
    ]);
    expect(next.shownId).toBe(12);
    expect(announcement(next)).toBe('Question 3 of 3. 2 of 3 answered.');
  });

  it('lets an answered question be shown again and changed, then returns to the current one', () => {
    const revisiting = showQuestion(loaded, 10);
    expect(shownItem(revisiting)?.id).toBe(10);
    expect(announcement(revisiting)).toBe('Question 1 of 3. 1 of 3 answered. You are changing an earlier answer.');
    const changed = answeredState(revisiting, 10, 2, 4, {
      ...base,
      status: 'in_progress',
      progress: { answered: 1, total: 3 },
      nextQuestion: served(11),
    });
    expect(changed.items.map((entry) => [entry.id, entry.status, entry.answer?.value])).toEqual([
      [10, 'answered', 2],
      [11, 'current', undefined],
      [12, 'pending', undefined],
    ]);
    expect(changed.shownId).toBe(11);
  });

  it('keeps pending questions for their turn', () => {
    expect(showQuestion(loaded, 12)).toBe(loaded);
    expect(showQuestion(loaded, 999)).toBe(loaded);
  });

  it('ends on the complete state the last answer reports', () => {
    const last = loadedState(
      { ...base, status: 'in_progress', progress: { answered: 2, total: 3 }, currentQuestion: served(12) },
      {
        items: [item(10, 0, 'answered', 4), item(11, 1, 'answered', 5), item(12, 2, 'current')],
        progress: { answered: 2, total: 3 },
      },
    );
    const done = answeredState(last, 12, 3, 2, { ...base, status: 'complete', progress: { answered: 3, total: 3 }, nextQuestion: null });
    expect(done.status).toBe('complete');
    expect(done.shownId).toBeNull();
    expect(showQuestion(done, 10)).toBe(done);
    expect(announcement(done)).toBe('All 3 questions answered. Thank you.');
  });

  it('asks each answer set in its own words, values 1 to 5', () => {
    expect(answerOptions('usually')).toEqual([
      { value: 1, label: 'Never' },
      { value: 2, label: 'Rarely' },
      { value: 3, label: 'Sometimes' },
      { value: 4, label: 'Often' },
      { value: 5, label: 'Always' },
    ]);
    expect(answerOptions(null)[4]).toEqual({ value: 5, label: 'Strongly agree' });
    expect(answerOptions('important')[0]).toEqual({ value: 1, label: 'Not important' });
  });
});
