import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useEffect, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { ProblemAlert } from '@teamfit/web-ui';
import { ScoreBar } from '../charts/score-bar.component';
import { categoryWords } from './report-model';
import { CombinedView, RoleMatchView } from './role-match.component';

/**
 * Team-match against the evaluation's own team: the workstyle score, the role match when the team
 * has a role, and the two combined by the role weight the slider sets. Every score is the API's
 * (POST /evaluation/evaluation/:id/team-match); the page only sends the weight and the role.
 */
export function TeamMatch({ evaluationId, teamId }: { evaluationId: string; teamId: number }) {
  const { client, session } = useConsole();
  const [roles, setRoles] = useState<Schemas['RoleDto'][] | null>(null);
  const [roleId, setRoleId] = useState<number | null>(null);
  const [roleWeight, setRoleWeight] = useState(50);
  const [match, setMatch] = useState<Schemas['TeamMatchDto'] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void attempt(session, () => client.GET('/evaluation/algorithm/roles', { params: { query: { teamId, limit: 100 } } })).then(
      (outcome) => {
        if (!outcome.ok) return setProblem(outcome.problem);
        setRoles(outcome.data);
        setRoleId(outcome.data[0]?.id ?? null);
      },
    );
  }, [client, session, teamId]);

  const score = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await attempt(session, () =>
      client.POST('/evaluation/evaluation/{id}/team-match', {
        params: { path: { id: evaluationId } },
        body: { roleWeight, ...(roleId === null ? {} : { roleId }) },
      }),
    );
    setBusy(false);
    setProblem(outcome.ok ? null : outcome.problem);
    setMatch(outcome.ok ? outcome.data : null);
  };

  return (
    <section aria-labelledby="team-match-title" className="no-print-controls">
      <h2 id="team-match-title">Match with the team and its role</h2>
      <form onSubmit={(event) => void score(event)} className="inline-form">
        {roles && roles.length > 0 ? (
          <label>
            Role
            <select value={roleId ?? ''} onChange={(event) => setRoleId(Number(event.target.value))}>
              {roles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.title}
                </option>
              ))}
            </select>
          </label>
        ) : roles ? (
          <p>The team has no role: the match is the workstyle alone.</p>
        ) : null}
        <label htmlFor="role-weight">Weight of the role match: {roleWeight}%</label>
        <input
          id="role-weight"
          type="range"
          min={0}
          max={100}
          step={5}
          value={roleWeight}
          aria-valuetext={`${roleWeight} percent role, ${100 - roleWeight} percent workstyle`}
          onChange={(event) => setRoleWeight(Number(event.target.value))}
        />
        <button type="submit" className="primary" aria-disabled={busy}>
          Score the match
        </button>
      </form>
      <ProblemAlert problem={problem} />
      <div aria-live="polite">
        {match ? (
          <>
            <dl className="facts">
              <dt>Workstyle</dt>
              <dd data-testid="team-match-workstyle-score">
                <ScoreBar score={match.workstyle.score} label="Workstyle" /> – {categoryWords(match.workstyle.scoreCategory)}
              </dd>
            </dl>
            <RoleMatchView roleMatch={match.roleMatch} idPrefix="team-match" />
            <CombinedView combined={match.combined} idPrefix="team-match" />
          </>
        ) : null}
      </div>
    </section>
  );
}
