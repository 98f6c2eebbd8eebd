import { TableScroll } from '../common/table-scroll.component';
import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { numberWords } from '../charts/chart-scale';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { personaPath } from '../routing/paths';
import { categoryWords } from '../results/report-model';
import { idsOf, pairDimensions } from './what-if-model';

const range = (dimension: Schemas['TeamDimensionProfileDto'] | null) =>
  dimension ? `${numberWords(dimension.mean)} (${numberWords(dimension.min)}–${numberWords(dimension.max)})` : 'not in the team';

/**
 * The what-if simulation (POST /evaluation/algorithm/teams/:id/simulate): people added and members
 * removed, then each dimension's profile and each member's fit before and after, as the API answers.
 */
export function WhatIf({ teamId, memberPersonaIds }: { teamId: number; memberPersonaIds: readonly string[] }) {
  const { client, session } = useConsole();
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [simulation, setSimulation] = useState<Schemas['TeamSimulationDto'] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const simulate = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await attempt(session, () =>
      client.POST('/evaluation/algorithm/teams/{id}/simulate', {
        params: { path: { id: teamId } },
        body: { addPersonaIds: idsOf(adding), removePersonaIds: [...removing] },
      }),
    );
    setBusy(false);
    setProblem(outcome.ok ? null : outcome.problem);
    setSimulation(outcome.ok ? outcome.data : null);
  };
  const toggle = (personaId: string, on: boolean) => {
    const next = new Set(removing);
    if (on) next.add(personaId);
    else next.delete(personaId);
    setRemoving(next);
  };

  return (
    <section aria-labelledby="what-if-title">
      <h2 id="what-if-title">What if…</h2>
      <form onSubmit={(event) => void simulate(event)}>
        <label htmlFor="what-if-add">People to add (persona ids, one a line or separated by commas)</label>
        <textarea id="what-if-add" rows={3} value={adding} onChange={(event) => setAdding(event.target.value)} />
        {memberPersonaIds.length > 0 ? (
          <fieldset>
            <legend>Members to take out</legend>
            {memberPersonaIds.map((personaId) => (
              <label key={personaId} className="option">
                <input type="checkbox" checked={removing.has(personaId)} onChange={(event) => toggle(personaId, event.target.checked)} />{' '}
                {personaId}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="actions">
          <button type="submit" className="primary" aria-disabled={busy}>
            Simulate
          </button>
        </div>
      </form>
      <ProblemAlert problem={problem} />
      <div aria-live="polite">
        {simulation ? (
          <>
            <p data-testid="what-if-size">
              Members with results: {simulation.before.teamSize} now, {simulation.after.teamSize} after.
            </p>
            <TableScroll label="Each dimension now and after">
              <table className="data-table" data-testid="what-if-dimensions">
                <caption>Each dimension: the team’s mean (lowest–highest) now and after</caption>
                <thead>
                  <tr>
                    <th scope="col">Dimension</th>
                    <th scope="col">Now</th>
                    <th scope="col">After</th>
                    <th scope="col">Spread now</th>
                    <th scope="col">Spread after</th>
                  </tr>
                </thead>
                <tbody>
                  {pairDimensions(simulation.before, simulation.after).map(({ name, questionGroupId, before, after }) => (
                    <tr key={questionGroupId}>
                      <th scope="row">{name}</th>
                      <td>{range(before)}</td>
                      <td>{range(after)}</td>
                      <td>{numberWords(before?.spread)}</td>
                      <td>{numberWords(after?.spread)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <TableScroll label="Each member’s fit now and after">
              <table className="data-table" data-testid="what-if-members">
                <caption>Each member’s fit with the others, now and after</caption>
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">Fit now</th>
                    <th scope="col">Fit after</th>
                  </tr>
                </thead>
                <tbody>
                  {simulation.members.map((member) => (
                    <tr key={member.personaId} data-persona={member.personaId}>
                      <th scope="row">
                        <Link to={personaPath(member.personaId)}>{member.personaId}</Link>
                        {member.added ? ' (added)' : ''}
                      </th>
                      <td data-field="fitBefore">
                        {member.fitBefore
                          ? `${numberWords(member.fitBefore.score)} – ${categoryWords(member.fitBefore.scoreCategory)}`
                          : 'not a member now'}
                      </td>
                      <td data-field="fitAfter">
                        {numberWords(member.fitAfter.score)} – {categoryWords(member.fitAfter.scoreCategory)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        ) : null}
      </div>
    </section>
  );
}
