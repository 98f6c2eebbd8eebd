import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { ProblemAlert } from '@teamfit/web-ui';
import { ScoreBar } from '../charts/score-bar.component';
import { DimensionGroups } from './dimension-groups.component';
import { categoryWords } from './report-model';

const MODES: { mode: Schemas['CompareDto']['mode'] & string; words: string }[] = [
  { mode: 'PAIRWISE', words: 'How the other person fits with this candidate' },
  { mode: 'MUTUAL', words: 'Both ways, averaged' },
  { mode: 'SIMULATED_TEAM', words: 'As a team of two' },
];

/** Two people compared (POST /evaluation/evaluation/compare): this evaluation is A, the other B. */
export function ComparePeople({ evaluationId }: { evaluationId: string }) {
  const { client, session } = useConsole();
  const [other, setOther] = useState('');
  const [mode, setMode] = useState<(typeof MODES)[number]['mode']>('PAIRWISE');
  const [comparison, setComparison] = useState<Schemas['EvaluationComparisonDto'] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const compare = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !other.trim()) return;
    setBusy(true);
    const outcome = await attempt(session, () =>
      client.POST('/evaluation/evaluation/compare', { body: { evaluationIdA: evaluationId, evaluationIdB: other.trim(), mode } }),
    );
    setBusy(false);
    setProblem(outcome.ok ? null : outcome.problem);
    setComparison(outcome.ok ? outcome.data : null);
  };

  return (
    <section aria-labelledby="compare-people-title" className="no-print">
      <h2 id="compare-people-title">Compare with another person</h2>
      <form onSubmit={(event) => void compare(event)} className="inline-form">
        <label htmlFor="compare-evaluation-id">The other person’s evaluation (its id, from their results address)</label>
        <input id="compare-evaluation-id" value={other} onChange={(event) => setOther(event.target.value)} />
        <label htmlFor="compare-mode">How</label>
        <select id="compare-mode" value={mode} onChange={(event) => setMode(event.target.value as typeof mode)}>
          {MODES.map((entry) => (
            <option key={entry.mode} value={entry.mode}>
              {entry.words}
            </option>
          ))}
        </select>
        <button type="submit" className="secondary" aria-disabled={busy}>
          Compare
        </button>
      </form>
      <ProblemAlert problem={problem} />
      <div aria-live="polite">
        {comparison ? (
          <>
            <dl className="facts">
              <dt>Compatibility</dt>
              <dd data-testid="compare-people-score">
                <ScoreBar score={comparison.score} label="Compatibility" /> – {categoryWords(comparison.scoreCategory)}
              </dd>
              {comparison.reverseScore !== undefined ? (
                <>
                  <dt>The other way round</dt>
                  <dd>
                    <ScoreBar score={comparison.reverseScore} label="The other way round" />
                  </dd>
                </>
              ) : null}
            </dl>
            <DimensionGroups dimensions={comparison.dimensions} idPrefix="compare-people" />
          </>
        ) : null}
      </div>
    </section>
  );
}
