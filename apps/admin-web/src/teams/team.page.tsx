import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, type Outcome, useConsole } from '../app/console-context';
import { listAddress, readListQuery, totalCountOf } from '../common/list-query';
import { PageHeading } from '../common/page-heading.component';
import { Pager } from '../common/pager.component';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { personaName, STATUS_WORDS } from '../personas/persona-words';
import { PATHS, personaPath, teamInsightPath, teamPath } from '../routing/paths';
import type { PageProps } from '../routing/route-table';
import { MemberSearch } from './member-search.component';
import { MEMBERS_PER_PAGE, membersOnPage, withMember, withoutMember } from './team-members';

type Team = Schemas['AlgorithmTeamDto'];
type Persona = Schemas['PersonaDto'];

/** An algorithm team: its name, its roles, and its members a page at a time, with their role. */
export function TeamPage({ params }: PageProps) {
  const id = Number(params['id']);
  const { client, session } = useConsole();
  const valid = Number.isInteger(id) && id >= 1 && id <= 2147483647;
  const [loaded, reload] = useOutcome<Team>(
    () =>
      valid
        ? attempt(session, () => client.GET('/evaluation/algorithm/teams/{id}', { params: { path: { id } } }))
        : Promise.resolve<Outcome<Team>>({ ok: false, problem: { kind: 'not-found', status: 404, message: '' } }),
    [client, session, id, valid],
  );
  if (loaded.state === 'loading')
    return (
      <section>
        <PageHeading>Team</PageHeading>
        <p role="status">Loading the team…</p>
      </section>
    );
  if (!loaded.outcome.ok)
    return (
      <section>
        <PageHeading>Team</PageHeading>
        <ProblemAlert problem={loaded.outcome.problem} />
        <p>
          <Link to={PATHS.teams}>Back to the teams</Link>
        </p>
      </section>
    );
  return <TeamDetails team={loaded.outcome.data} onChanged={reload} />;
}

function TeamDetails({ team, onChanged }: { team: Team; onChanged: () => void }) {
  const { client, session } = useConsole();
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [notice, setNotice] = useState('');
  const page = readListQuery(window.location.search, []).page;

  const change = async (body: Schemas['UpdateAlgorithmTeamDto'], done: string): Promise<boolean> => {
    const outcome = await attempt(session, () =>
      client.PUT('/evaluation/algorithm/teams/{id}', { params: { path: { id: team.id } }, body }),
    );
    if (!outcome.ok) {
      setProblem(outcome.problem);
      return false;
    }
    setProblem(null);
    setNotice(done);
    onChanged();
    return true;
  };

  return (
    <section>
      <p className="breadcrumb">
        <Link to={PATHS.teams}>Teams</Link>
      </p>
      <PageHeading title={`${team.name} (team)`}>{team.name}</PageHeading>
      <p>
        <Link to={teamInsightPath(team.id)}>Insight: heat map, shortlist and what-if</Link>
      </p>
      <ProblemAlert problem={problem} />
      <div role="status">{notice ? <p className="notice">{notice}</p> : null}</div>
      <RenameForm name={team.name} onRename={(name) => change({ name }, 'The team was renamed.')} />
      <TeamRoles teamId={team.id} />
      <h2 id="members-heading">Members</h2>
      <p>
        {team.memberPersonaIds.length} {team.memberPersonaIds.length === 1 ? 'member' : 'members'}: the personas whose completed evaluations
        form the team&apos;s profile.
      </p>
      <MembersTable
        key={`${team.memberPersonaIds.join(',')}|${page}`}
        ids={membersOnPage(team.memberPersonaIds, page)}
        onRemove={(persona) =>
          void change({ memberPersonaIds: withoutMember(team.memberPersonaIds, persona.id) }, `${personaName(persona)} left the team.`)
        }
      />
      <Pager
        page={page}
        total={team.memberPersonaIds.length}
        limit={MEMBERS_PER_PAGE}
        addressOf={(other) => listAddress(teamPath(team.id), { page: other, filters: {} })}
        label="Pages of members"
      />
      <MemberSearch
        memberIds={team.memberPersonaIds}
        onAdd={(persona) =>
          change({ memberPersonaIds: withMember(team.memberPersonaIds, persona.id) }, `${personaName(persona)} joined the team.`)
        }
      />
    </section>
  );
}

function RenameForm({ name, onRename }: { name: string; onRename: (name: string) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(name);
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        Rename the team
      </button>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const renamed = await onRename(value.trim());
    setBusy(false);
    if (renamed) setOpen(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <label htmlFor="team-name">Name</label>
      <input id="team-name" name="name" required maxLength={200} value={value} onChange={(event) => setValue(event.target.value)} />
      <div className="actions">
        <button type="submit" className="primary" aria-disabled={busy}>
          Save the name
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The team's roles (GET /evaluation/algorithm/roles?teamId), the first hundred. */
function TeamRoles({ teamId }: { teamId: number }) {
  const { client, session } = useConsole();
  const [loaded] = useOutcome<Schemas['RoleDto'][]>(
    () => attempt(session, () => client.GET('/evaluation/algorithm/roles', { params: { query: { teamId, page: 1, limit: 100 } } })),
    [client, session, teamId],
  );
  if (loaded.state === 'loading') return <p role="status">Loading the roles…</p>;
  if (!loaded.outcome.ok) return <ProblemAlert problem={loaded.outcome.problem} />;
  const roles = loaded.outcome.data;
  const total = totalCountOf(loaded.outcome.response) ?? roles.length;
  return (
    <>
      <h2>Roles</h2>
      {roles.length === 0 ? (
        <p>No role is defined for this team: results show no role match.</p>
      ) : (
        <ul className="plain-list">
          {roles.map((role) => (
            <li key={role.id}>
              {role.title}
              <span className="meta">
                {role.roleSpecificationId === null ? 'No criteria: no role match' : `Criteria weight ${role.criteriaWeight}`}
              </span>
            </li>
          ))}
          {total > roles.length ? <li>and {total - roles.length} more</li> : null}
        </ul>
      )}
    </>
  );
}

/** One page of members, each persona read on its own (the API reads personas by id). */
function MembersTable({ ids, onRemove }: { ids: string[]; onRemove: (persona: Persona) => void }) {
  const { client, session } = useConsole();
  const [loaded] = useOutcome<Array<{ id: string; outcome: Outcome<Persona> }>>(async () => {
    const members = await Promise.all(
      ids.map(async (id) => ({
        id,
        outcome: await attempt(session, () => client.GET('/profile/persona/{id}', { params: { path: { id } } })),
      })),
    );
    return { ok: true, data: members, response: new Response(null) };
  }, [client, session, ids.join(',')]);
  if (ids.length === 0) return null;
  if (loaded.state === 'loading') return <p role="status">Loading the members…</p>;
  if (!loaded.outcome.ok) return <ProblemAlert problem={loaded.outcome.problem} />;
  return (
    <div className="table-scroll" role="region" aria-labelledby="members-heading" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role title</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {loaded.outcome.data.map(({ id, outcome }) =>
            outcome.ok ? (
              <tr key={id}>
                <th scope="row">
                  <Link to={personaPath(id)}>{personaName(outcome.data)}</Link>
                </th>
                <td>{outcome.data.role}</td>
                <td>{STATUS_WORDS[outcome.data.status]}</td>
                <td>
                  <button type="button" className="link" onClick={() => onRemove(outcome.data)}>
                    Remove <span className="visually-hidden">{personaName(outcome.data)}</span> from the team
                  </button>
                </td>
              </tr>
            ) : (
              <tr key={id}>
                <th scope="row">{id}</th>
                <td colSpan={3}>{outcome.problem.kind === 'not-found' ? 'This persona no longer exists.' : 'Could not be read.'}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
