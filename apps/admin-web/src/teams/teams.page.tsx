import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { listAddress, readListQuery, totalCountOf } from '../common/list-query';
import { PageHeading } from '../common/page-heading.component';
import { Pager } from '../common/pager.component';
import { Link, navigate, ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { PATHS, teamPath } from '../routing/paths';
import { TableScroll } from '../common/table-scroll.component';

export const TEAMS_PER_PAGE = 20;

/** The algorithm teams, a page at a time (GET /evaluation/algorithm/teams, X-Total-Count), and a new one. */
export function TeamsPage() {
  const { client, session } = useConsole();
  const query = readListQuery(window.location.search, []);
  const [loaded] = useOutcome<Schemas['AlgorithmTeamDto'][]>(
    () =>
      attempt(session, () => client.GET('/evaluation/algorithm/teams', { params: { query: { page: query.page, limit: TEAMS_PER_PAGE } } })),
    [client, session, query.page],
  );
  const total = loaded.state === 'done' && loaded.outcome.ok ? (totalCountOf(loaded.outcome.response) ?? 0) : 0;

  return (
    <section>
      <PageHeading>Teams</PageHeading>
      {loaded.state === 'loading' ? (
        <p role="status">Loading the teams…</p>
      ) : !loaded.outcome.ok ? (
        <ProblemAlert problem={loaded.outcome.problem} />
      ) : (
        <>
          <p role="status">
            {total} {total === 1 ? 'team' : 'teams'}
          </p>
          {loaded.outcome.data.length > 0 ? (
            <TableScroll label="Teams">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Team</th>
                    <th scope="col">Members</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.outcome.data.map((team) => (
                    <tr key={team.id}>
                      <th scope="row">
                        <Link to={teamPath(team.id)}>{team.name}</Link>
                      </th>
                      <td>{team.memberPersonaIds.length}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager
            page={query.page}
            total={total}
            limit={TEAMS_PER_PAGE}
            addressOf={(page) => listAddress(PATHS.teams, { page, filters: {} })}
            label="Pages of teams"
          />
        </>
      )}
      <NewTeamForm />
    </section>
  );
}

function NewTeamForm() {
  const { client, session } = useConsole();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await attempt(session, () => client.POST('/evaluation/algorithm/teams', { body: { name: name.trim() } }));
    setBusy(false);
    if (!outcome.ok) return setProblem(outcome.problem);
    navigate(teamPath(outcome.data.id));
  };
  return (
    <section aria-labelledby="new-team-heading">
      <h2 id="new-team-heading">New team</h2>
      <ProblemAlert problem={problem} />
      <form onSubmit={(event) => void create(event)}>
        <label htmlFor="new-team-name">Name</label>
        <input id="new-team-name" name="name" required maxLength={200} value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="primary" aria-disabled={busy}>
          {busy ? 'Creating…' : 'Create the team'}
        </button>
      </form>
    </section>
  );
}
