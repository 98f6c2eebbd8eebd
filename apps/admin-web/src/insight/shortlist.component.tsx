import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { numberWords } from '../charts/chart-scale';
import { ScoreBar } from '../charts/score-bar.component';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { evaluationPath, personaPath } from '../routing/paths';
import { categoryWords, isRoleScore } from '../results/report-model';
import { EMPTY_SHORTLIST_FORM, pageCount, rankOf, type ShortlistForm, shortlistRequest } from './shortlist-model';

const LIMIT = 10;
const reasonWords = (reason: Schemas['ScoreReasonDto']) =>
  `${reason.name} (${reason.impact >= 0 ? '+' : ''}${numberWords(reason.impact)} points; level ${numberWords(reason.candidateLevel)} against the team’s ${numberWords(reason.teamMean)})`;

/** The team's shortlist (POST /evaluation/algorithm/teams/:id/shortlist): filters, sort, pages, and each rank's reasons. */
export function Shortlist({ teamId, roles }: { teamId: number; roles: readonly Schemas['RoleDto'][] }) {
  const { client, session } = useConsole();
  const [form, setForm] = useState<ShortlistForm>(EMPTY_SHORTLIST_FORM);
  const [list, setList] = useState<Schemas['ShortlistDto'] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ShortlistForm>(key: K, value: ShortlistForm[K]) => setForm({ ...form, [key]: value });

  const run = async (page: number) => {
    if (busy) return;
    setBusy(true);
    const outcome = await attempt(session, () =>
      client.POST('/evaluation/algorithm/teams/{id}/shortlist', {
        params: { path: { id: teamId } },
        body: shortlistRequest(form, page, LIMIT),
      }),
    );
    setBusy(false);
    setProblem(outcome.ok ? null : outcome.problem);
    if (outcome.ok) setList(outcome.data);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(1);
  };

  return (
    <section aria-labelledby="shortlist-title">
      <h2 id="shortlist-title">Shortlist</h2>
      <form onSubmit={submit} className="inline-form" aria-label="Shortlist filters">
        <label>
          Status
          <select value={form.status} onChange={(event) => set('status', event.target.value as ShortlistForm['status'])}>
            <option value="">Any</option>
            <option value="ACTIVE">Active</option>
            <option value="PENDING">Pending</option>
            <option value="BLOCKED">Blocked</option>
          </select>
        </label>
        <label>
          Person’s role
          <select value={form.role} onChange={(event) => set('role', event.target.value as ShortlistForm['role'])}>
            <option value="">Any</option>
            <option value="CANDIDATE">Candidate</option>
            <option value="EMPLOYEE">Employee</option>
            <option value="HR">HR</option>
            <option value="TEAM_MANAGER">Team manager</option>
            <option value="MANAGER">Manager</option>
          </select>
        </label>
        <label>
          Completed after
          <input type="date" value={form.completedAfter} onChange={(event) => set('completedAfter', event.target.value)} />
        </label>
        <label>
          Lowest score
          <input type="number" min={0} max={100} value={form.minScore} onChange={(event) => set('minScore', event.target.value)} />
        </label>
        <label>
          Score against the role
          <select value={form.roleId} onChange={(event) => set('roleId', event.target.value)}>
            <option value="">No role</option>
            {roles.map((role) => (
              <option key={role.id} value={String(role.id)}>
                {role.title}
              </option>
            ))}
          </select>
        </label>
        {form.roleId ? (
          <label>
            Role weight: {form.roleWeight}%
            <input
              type="range"
              min={0}
              max={100}
              step={5}
              value={form.roleWeight}
              onChange={(event) => set('roleWeight', Number(event.target.value))}
            />
          </label>
        ) : null}
        <label>
          Sort by
          <select value={form.sort} onChange={(event) => set('sort', event.target.value as ShortlistForm['sort'])}>
            <option value="combined">Combined score</option>
            <option value="workstyle">Workstyle score</option>
            <option value="role">Role match</option>
          </select>
        </label>
        <button type="submit" className="primary" aria-disabled={busy}>
          Run the shortlist
        </button>
      </form>
      <ProblemAlert problem={problem} />
      <div aria-live="polite">
        {list ? (
          <>
            <p data-testid="shortlist-total">
              {list.total} {list.total === 1 ? 'person' : 'people'} on the shortlist
              {list.total > 0 ? `, page ${list.page} of ${pageCount(list.total, list.limit)}` : ''}.
            </p>
            <ol className="shortlist" start={rankOf(list.page, list.limit, 0)}>
              {list.items.map((item) => (
                <li key={item.persona.id} data-testid="shortlist-item" data-persona={item.persona.id}>
                  <h3>
                    <Link to={personaPath(item.persona.id)}>{item.persona.name ?? 'Unnamed person'}</Link>
                    {item.persona.role ? <span className="meta"> – {item.persona.role}</span> : null}
                  </h3>
                  <dl className="facts">
                    <dt>Workstyle</dt>
                    <dd data-field="workstyle">
                      <ScoreBar score={item.workstyle.score} label="Workstyle" /> – {categoryWords(item.workstyle.scoreCategory)}
                    </dd>
                    {isRoleScore(item.roleMatch) ? (
                      <>
                        <dt>Role match</dt>
                        <dd data-field="role">{numberWords(item.roleMatch.score)} of 100</dd>
                      </>
                    ) : item.roleMatch ? (
                      <>
                        <dt>Role match</dt>
                        <dd>none: {item.roleMatch.error}</dd>
                      </>
                    ) : null}
                    {item.combined ? (
                      <>
                        <dt>Combined</dt>
                        <dd data-field="combined">{numberWords(item.combined.score)} of 100</dd>
                      </>
                    ) : null}
                    <dt>Raising the score</dt>
                    <dd>{item.reasons.raising.length > 0 ? item.reasons.raising.map(reasonWords).join('; ') : 'nothing in particular'}</dd>
                    <dt>Lowering the score</dt>
                    <dd>
                      {item.reasons.lowering.length > 0 ? item.reasons.lowering.map(reasonWords).join('; ') : 'nothing in particular'}
                    </dd>
                  </dl>
                  <p>
                    <Link to={evaluationPath(item.evaluationId)}>Open the results</Link>
                  </p>
                </li>
              ))}
            </ol>
            {pageCount(list.total, list.limit) > 1 ? (
              <div className="actions">
                <button type="button" className="secondary" disabled={list.page <= 1} onClick={() => void run(list.page - 1)}>
                  Previous page
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={list.page >= pageCount(list.total, list.limit)}
                  onClick={() => void run(list.page + 1)}
                >
                  Next page
                </button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
