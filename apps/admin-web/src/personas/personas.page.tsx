import type { Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { formatDateTime } from '../common/dates';
import { listAddress, readListQuery } from '../common/list-query';
import { PageHeading } from '../common/page-heading.component';
import { Pager } from '../common/pager.component';
import { Link, navigate, ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { PATHS, personaPath } from '../routing/paths';
import { isPersonaStatus, PERSONA_STATUSES, personaName, signInAddressOf, STATUS_WORDS } from './persona-words';
import { TableScroll } from '../common/table-scroll.component';

const FILTERS = ['search', 'role', 'status'] as const;
export const PERSONAS_PER_PAGE = 20;

/**
 * The personas, a page at a time from the API (GET /profile/persona), narrowed by a search of the
 * name and addresses, the role title and the status. The filters and the page are in the address.
 */
export function PersonasPage() {
  const { client, session } = useConsole();
  const query = readListQuery(window.location.search, FILTERS);
  const { search, role, status } = query.filters;
  const [loaded] = useOutcome<Schemas['PersonaPageDto']>(
    () =>
      attempt(session, () =>
        client.GET('/profile/persona', {
          params: {
            query: {
              page: query.page,
              limit: PERSONAS_PER_PAGE,
              ...(search ? { search } : {}),
              ...(role ? { role } : {}),
              ...(isPersonaStatus(status) ? { status } : {}),
            },
          },
        }),
      ),
    [client, session, query.page, search, role, status],
  );

  return (
    <section>
      <PageHeading>Personas</PageHeading>
      <p>
        <Link to={PATHS.newPersona} className="button-link">
          New persona
        </Link>
      </p>
      <PersonaFilters key={`${search ?? ''}|${role ?? ''}|${status ?? ''}`} filters={query.filters} />
      {loaded.state === 'loading' ? (
        <p role="status">Loading personas…</p>
      ) : loaded.outcome.ok ? (
        <PersonaTable result={loaded.outcome.data} filtered={Object.keys(query.filters).length > 0} />
      ) : (
        <ProblemAlert problem={loaded.outcome.problem} />
      )}
      {loaded.state === 'done' && loaded.outcome.ok ? (
        <Pager
          page={query.page}
          total={loaded.outcome.data.total}
          limit={PERSONAS_PER_PAGE}
          addressOf={(page) => listAddress(PATHS.personas, { page, filters: query.filters })}
          label="Pages of personas"
        />
      ) : null}
    </section>
  );
}

function PersonaFilters({ filters }: { filters: Record<string, string> }) {
  const [search, setSearch] = useState(filters['search'] ?? '');
  const [role, setRole] = useState(filters['role'] ?? '');
  const [status, setStatus] = useState(filters['status'] ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(listAddress(PATHS.personas, { page: 1, filters: { search, role, status } }));
  };
  return (
    <form className="filters" role="search" aria-label="Personas" onSubmit={apply}>
      <div>
        <label htmlFor="persona-search">Name, username or e-mail</label>
        <input id="persona-search" type="search" name="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      <div>
        <label htmlFor="persona-role">Role title</label>
        <input id="persona-role" type="text" name="role" value={role} onChange={(event) => setRole(event.target.value)} />
      </div>
      <div>
        <label htmlFor="persona-status">Status</label>
        <select id="persona-status" name="status" value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">Any status</option>
          {PERSONA_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_WORDS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-actions">
        <button type="submit" className="primary">
          Search
        </button>
        {Object.keys(filters).length > 0 ? <Link to={PATHS.personas}>Clear the filters</Link> : null}
      </div>
    </form>
  );
}

function PersonaTable({ result, filtered }: { result: Schemas['PersonaPageDto']; filtered: boolean }) {
  const count = `${result.total} ${result.total === 1 ? 'persona' : 'personas'}${filtered ? ' found' : ''}`;
  return (
    <>
      <p role="status">{count}</p>
      {result.personas.length > 0 ? (
        <TableScroll label="Personas">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role title</th>
                <th scope="col">Status</th>
                <th scope="col">Signs in with</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {result.personas.map((persona) => (
                <tr key={persona.id}>
                  <th scope="row">
                    <Link to={personaPath(persona.id)}>{personaName(persona)}</Link>
                  </th>
                  <td>{persona.role}</td>
                  <td>{STATUS_WORDS[persona.status]}</td>
                  <td>{signInAddressOf(persona) ?? '–'}</td>
                  <td>{formatDateTime(persona.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </>
  );
}
