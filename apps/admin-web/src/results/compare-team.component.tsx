import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useEffect, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { ProblemAlert } from '@teamfit/web-ui';
import { ScoreBar } from '../charts/score-bar.component';
import { DimensionGroups } from './dimension-groups.component';
import { categoryWords } from './report-model';
import { CombinedView, RoleMatchView } from './role-match.component';

/** The candidate's stored answers scored against another team (POST …/compare-team); nothing is stored. */
export function CompareTeam({ evaluationId, ownTeamId }: { evaluationId: string; ownTeamId: number }) {
  const { client, session } = useConsole();
  const [teams, setTeams] = useState<Schemas['AlgorithmTeamDto'][]>([]);
  const [teamId, setTeamId] = useState('');
  const [comparison, setComparison] = useState<Schemas['TeamComparisonDto'] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The first hundred teams fill the list; a team past them can be typed by its number.
    void attempt(session, () => client.GET('/evaluation/algorithm/teams', { params: { query: { limit: 100 } } })).then((outcome) => {
      if (outcome.ok) setTeams(outcome.data.filter((team) => team.id !== ownTeamId));
      else setProblem(outcome.problem);
    });
  }, [client, session, ownTeamId]);

  const compare = async (event: FormEvent) => {
    event.preventDefault();
    const algorithmTeamId = Number(teamId);
    if (busy || !Number.isInteger(algorithmTeamId) || algorithmTeamId < 1) return;
    setBusy(true);
    const outcome = await attempt(session, () =>
      client.POST('/evaluation/evaluation/{id}/compare-team', { params: { path: { id: evaluationId } }, body: { algorithmTeamId } }),
    );
    setBusy(false);
    setProblem(outcome.ok ? null : outcome.problem);
    setComparison(outcome.ok ? outcome.data : null);
  };

  return (
    <section aria-labelledby="compare-team-title" className="no-print">
      <h2 id="compare-team-title">Compare with another team</h2>
      <form onSubmit={(event) => void compare(event)} className="inline-form">
        <label htmlFor="compare-team-id">Team</label>
        <input
          id="compare-team-id"
          list="compare-team-options"
          inputMode="numeric"
          value={teamId}
          onChange={(event) => setTeamId(event.target.value)}
        />
        <datalist id="compare-team-options">
          {teams.map((team) => (
            <option key={team.id} value={String(team.id)}>
              {team.name}
            </option>
          ))}
        </datalist>
        <button type="submit" className="secondary" aria-disabled={busy}>
          Compare
        </button>
      </form>
      <ProblemAlert problem={problem} />
      <div aria-live="polite">
        {comparison ? (
          <>
            <p>
              Against <strong>{comparison.targetTeam.teamName ?? `team ${comparison.targetTeam.algorithmTeamId}`}</strong> (
              {comparison.answersUsed} answers used):
            </p>
            <dl className="facts">
              <dt>Workstyle</dt>
              <dd data-testid="compare-team-workstyle-score">
                <ScoreBar score={comparison.workstyle.overallScore} label="Workstyle" /> –{' '}
                {categoryWords(comparison.workstyle.overallCategory)}
              </dd>
            </dl>
            <RoleMatchView roleMatch={comparison.roleMatch} idPrefix="compare-team" />
            <CombinedView combined={comparison.combined} idPrefix="compare-team" />
            <DimensionGroups dimensions={comparison.workstyle.dimensions} idPrefix="compare-team" />
          </>
        ) : null}
      </div>
    </section>
  );
}
