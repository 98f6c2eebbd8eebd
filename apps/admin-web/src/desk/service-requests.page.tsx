import { TableScroll } from '../common/table-scroll.component';
import type { Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { PageHeading } from '../common/page-heading.component';
import { Link, navigate, ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { PATHS, serviceRequestPath } from '../routing/paths';
import { DESK_PAGE_SIZE, type DeskFilters, deskQuery, filtersOf, searchOf } from './desk-filters';
import { DeskStats } from './desk-stats.component';
import { STATUS_WORDS, statusWords } from './status-transitions';
import '../charts/charts.css';

/**
 * The support desk (`/service-requests`): the statistics, the admin filters and full-text search
 * (kept in the address, so a filtered list can be bookmarked), and the list a page at a time
 * through the API, with its total.
 */
export function ServiceRequestsPage() {
  const { client, session } = useConsole();
  const applied = filtersOf(window.location.search);
  const [form, setForm] = useState<DeskFilters>(applied);
  const [loaded] = useOutcome<Schemas['ServiceRequestPageDto']>(
    () => attempt(session, () => client.GET('/admin/service-requests', { params: { query: deskQuery(applied) } })),
    [client, session, searchOf(applied)],
  );
  const set = <K extends keyof DeskFilters>(key: K, value: DeskFilters[K]) => setForm({ ...form, [key]: value });
  const go = (filters: DeskFilters) => navigate(`${PATHS.serviceRequests}${searchOf(filters)}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...form, page: 1 });
  };
  const pages = loaded.state === 'done' && loaded.outcome.ok ? Math.max(1, Math.ceil(loaded.outcome.data.total / DESK_PAGE_SIZE)) : 1;

  return (
    <section>
      <PageHeading>Service requests</PageHeading>
      <DeskStats />
      <h2>Tickets</h2>
      <form onSubmit={submit} className="inline-form" aria-label="Filters">
        <label>
          Search
          <input type="search" value={form.q} onChange={(event) => set('q', event.target.value)} />
        </label>
        <label>
          Status
          <select value={form.status} onChange={(event) => set('status', event.target.value as DeskFilters['status'])}>
            <option value="">Any</option>
            {Object.entries(STATUS_WORDS).map(([status, words]) => (
              <option key={status} value={status}>
                {words}
              </option>
            ))}
          </select>
        </label>
        <label>
          Priority
          <select value={form.priority} onChange={(event) => set('priority', event.target.value as DeskFilters['priority'])}>
            <option value="">Any</option>
            <option value="LOW">Low</option>
            <option value="MEDIUM">Medium</option>
            <option value="HIGH">High</option>
            <option value="CRITICAL">Critical</option>
          </select>
        </label>
        <label>
          Organisation (id)
          <input value={form.organisationId} onChange={(event) => set('organisationId', event.target.value)} />
        </label>
        <label>
          Assignee (account id)
          <input value={form.assigneeId} onChange={(event) => set('assigneeId', event.target.value)} />
        </label>
        <label>
          Created from
          <input type="date" value={form.createdFrom} onChange={(event) => set('createdFrom', event.target.value)} />
        </label>
        <label>
          Created until
          <input type="date" value={form.createdTo} onChange={(event) => set('createdTo', event.target.value)} />
        </label>
        <label className="option">
          <input type="checkbox" checked={form.includeDeleted} onChange={(event) => set('includeDeleted', event.target.checked)} /> Deleted
          ones too
        </label>
        <button type="submit" className="primary">
          Apply
        </button>
      </form>
      {loaded.state === 'loading' ? (
        <p role="status">Loading the tickets…</p>
      ) : !loaded.outcome.ok ? (
        <ProblemAlert problem={loaded.outcome.problem} />
      ) : (
        <>
          <p data-testid="desk-total">
            {loaded.outcome.data.total} {loaded.outcome.data.total === 1 ? 'ticket' : 'tickets'}, page {applied.page} of {pages}.
          </p>
          <TableScroll label="Tickets">
            <table className="data-table">
              <caption className="visually-hidden">Tickets, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Status</th>
                  <th scope="col">Priority</th>
                  <th scope="col">Type</th>
                  <th scope="col">Due</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {loaded.outcome.data.items.map((ticket) => (
                  <tr key={ticket._id}>
                    <th scope="row">
                      <Link to={serviceRequestPath(ticket._id)}>{ticket.title}</Link>
                      {ticket.deletedAt ? ' (deleted)' : ''}
                    </th>
                    <td>{statusWords(ticket.status)}</td>
                    <td>{ticket.priority}</td>
                    <td>{ticket.type}</td>
                    <td>
                      {new Date(ticket.dueAt).toLocaleString()}
                      {ticket.slaBreached ? ' (overdue)' : ''}
                    </td>
                    <td>{new Date(ticket.createdAt).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <nav aria-label="Pages" className="actions">
            <button
              type="button"
              className="secondary"
              disabled={applied.page <= 1}
              onClick={() => go({ ...applied, page: applied.page - 1 })}
            >
              Previous page
            </button>
            <button
              type="button"
              className="secondary"
              disabled={applied.page >= pages}
              onClick={() => go({ ...applied, page: applied.page + 1 })}
            >
              Next page
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
