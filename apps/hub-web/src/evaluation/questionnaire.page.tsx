import type { ApiProblem } from '@teamfit/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { attempt, useHub } from '../app/hub-context';
import { PageHeading } from '../common/page-heading.component';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { ProgressRail } from './progress-rail.component';
import { Question } from './question.component';
import { announcement, answeredState, loadedState, type QuestionnaireState, showQuestion, shownItem } from './questionnaire-state';

/**
 * The questionnaire, one question at a time. Where it starts is what the platform says is
 * current, so closing the browser and signing in again resumes at the right question.
 */
export function QuestionnairePage({ evaluationId }: { evaluationId: string }) {
  const { client, session } = useHub();
  const [state, setState] = useState<QuestionnaireState | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const shownAt = useRef(Date.now());
  const path = { params: { path: { id: evaluationId } } };

  const load = useCallback(async () => {
    const [evaluation, rail] = await Promise.all([
      attempt(session, () => client.GET('/evaluation/evaluation/{id}', { params: { path: { id: evaluationId } } })),
      attempt(session, () => client.GET('/evaluation/evaluation/{id}/questions', { params: { path: { id: evaluationId } } })),
    ]);
    if (!evaluation.ok) return setProblem(evaluation.problem);
    if (!rail.ok) return setProblem(rail.problem);
    setState(loadedState(evaluation.data, rail.data));
  }, [client, session, evaluationId]);

  useEffect(() => {
    void load();
  }, [load]);

  // Stable, so the rail's memoised entries re-render only when their own item changes.
  const show = useCallback((questionId: number) => setState((now) => (now ? showQuestion(now, questionId) : now)), []);

  const item = state ? shownItem(state) : undefined;
  useEffect(() => {
    shownAt.current = Date.now();
  }, [item?.id]);

  const answer = async (value: number) => {
    if (!state || !item || busy) return;
    setBusy(true);
    const timeTaken = Math.max(0, Math.round((Date.now() - shownAt.current) / 1000));
    const result = await attempt(session, () =>
      client.POST('/evaluation/evaluation/{id}/answer', { ...path, body: { questionId: item.id, value, timeTaken } }),
    );
    setBusy(false);
    if (result.ok) {
      setProblem(null);
      setState(answeredState(state, item.id, value, timeTaken, result.data));
      return;
    }
    setProblem(result.problem);
    // The evaluation moved on elsewhere (another tab finished it): show where it stands now.
    if (result.problem.kind === 'conflict') await load();
  };

  if (!state) {
    return (
      <section>
        <PageHeading>Your questionnaire</PageHeading>
        <ProblemAlert problem={problem} />
        {problem ? (
          <button type="button" className="secondary" onClick={() => void load()}>
            Try again
          </button>
        ) : (
          <p role="status">Loading your questionnaire…</p>
        )}
      </section>
    );
  }

  if (state.status === 'complete') {
    return (
      <section>
        <PageHeading>Thank you – you are done</PageHeading>
        <ProblemAlert problem={problem} />
        <p>
          All {state.progress.total} answers are saved. There is nothing more to do; you can close this page. The team that invited you will
          be in touch.
        </p>
        <p>
          Questions or problems? <Link to="/service-requests">Write to support</Link>.
        </p>
        <p className="visually-hidden" role="status">
          {announcement(state)}
        </p>
      </section>
    );
  }

  return (
    <div className="questionnaire">
      <PageHeading>Your questionnaire</PageHeading>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement(state)}
      </p>
      <ProblemAlert problem={problem} />
      {item ? (
        <Question
          key={item.id}
          item={item}
          total={state.progress.total}
          revisiting={item.id !== state.currentId}
          busy={busy}
          onAnswer={(value) => void answer(value)}
          onBackToCurrent={() => state.currentId !== null && show(state.currentId)}
        />
      ) : null}
      <ProgressRail state={state} onShow={show} />
    </div>
  );
}
