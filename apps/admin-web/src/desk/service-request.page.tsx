import { TableScroll } from '../common/table-scroll.component';
import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useRef, useState } from 'react';
import { attempt, type Outcome, useConsole } from '../app/console-context';
import { PageHeading } from '../common/page-heading.component';
import { filledField, Link, ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { PATHS } from '../routing/paths';
import type { PageProps } from '../routing/route-table';
import { nextStatuses, statusWords, type TicketStatus } from './status-transitions';
import '../charts/charts.css';

interface Ticket {
  request: Schemas['ServiceRequestDetailDto'];
  comments: Schemas['CommentDto'][];
  history: Schemas['HistoryEntryDto'][];
}

const when = (value: string | null | undefined) => (value ? new Date(value).toLocaleString() : '–');
const valueWords = (value: unknown) =>
  value === null || value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value);
const changeApproval = (request: Schemas['ServiceRequestDto']): string | null => {
  const change = (request.typeMeta as { change?: { approvalStatus?: unknown } } | null)?.change;
  return typeof change?.approvalStatus === 'string' ? change.approvalStatus : null;
};

/**
 * One ticket (`/service-requests/:id`, where the assignment e-mail links): its facts, the status
 * moves the documented table allows from where it stands, assignment, the change approval,
 * comments (internal or public), attachments and the history. A refusal is the API's, in words.
 */
export function ServiceRequestPage({ params }: PageProps) {
  const { client, session } = useConsole();
  const id = params['id'] ?? '';
  const path = { params: { path: { id } } };
  const [loaded, reload] = useOutcome<Ticket>(async (): Promise<Outcome<Ticket>> => {
    const request = await attempt(session, () => client.GET('/admin/service-requests/{id}', path));
    if (!request.ok) return request;
    const comments = await attempt(session, () => client.GET('/admin/service-requests/{id}/comments', path));
    if (!comments.ok) return comments;
    const history = await attempt(session, () => client.GET('/admin/service-requests/{id}/history', path));
    if (!history.ok) return history;
    return { ok: true, response: request.response, data: { request: request.data, comments: comments.data, history: history.data } };
  }, [client, session, id]);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [nextStatus, setNextStatus] = useState('');
  const [statusNote, setStatusNote] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const [assigneeTeam, setAssigneeTeam] = useState('');
  const [comment, setComment] = useState('');
  const [internal, setInternal] = useState(true);
  const [decision, setDecision] = useState<'APPROVED' | 'REJECTED'>('APPROVED');
  const [decisionNote, setDecisionNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // While it reloads after a change, the page keeps showing the ticket (and the focus stays put).
  const last = useRef<Ticket | null>(null);
  if (loaded.state === 'done') last.current = loaded.outcome.ok ? loaded.outcome.data : null;
  const shownTicket = loaded.state === 'loading' ? last.current : loaded.outcome.ok ? loaded.outcome.data : null;

  const act = async (event: FormEvent, run: () => Promise<Outcome<unknown>>, message: string, after?: () => void) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setDone('');
    const outcome = await run();
    setBusy(false);
    setProblem(outcome.ok ? null : outcome.problem);
    if (outcome.ok) {
      setDone(message);
      after?.();
    }
    // After a refusal too: a 409 means the ticket moved on, and the page shows where it stands now.
    reload();
  };

  /** A change sent through the session (which renews the token first, as on every call), for `act`. */
  const send = (call: () => Promise<{ data?: unknown; error?: unknown; response: Response }>) => () => attempt(session, call);

  if (!shownTicket) {
    return (
      <section>
        <PageHeading>Service request</PageHeading>
        <ProblemAlert problem={loaded.state === 'done' && !loaded.outcome.ok ? loaded.outcome.problem : null} />
        {loaded.state === 'loading' ? <p role="status">Loading the ticket…</p> : null}
        <p>
          <Link to={PATHS.serviceRequests}>All tickets</Link>
        </p>
      </section>
    );
  }
  const { request, comments, history } = shownTicket;
  const moves = nextStatuses(request.status);
  const approval = changeApproval(request);

  const upload = async (): Promise<Outcome<unknown>> => {
    if (!file) return { ok: false, problem: { kind: 'invalid', status: 400, message: 'choose a file first' } };
    // The upload route takes its Authorization header as a parameter (the media service stores the
    // file with the caller's own token), so the header is set here: a read first renews the token
    // when it is about to expire, as every other call does.
    const fresh = await attempt(session, () => client.GET('/admin/service-requests/{id}', path));
    if (!fresh.ok) return fresh;
    const token = session.accessToken() ?? '';
    return attempt(session, () =>
      client.POST('/admin/service-requests/{id}/attachments', {
        params: { path: { id }, header: { authorization: `Bearer ${token}` } },
        body: { file: file.name },
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', file, file.name);
          return form;
        },
      }),
    );
  };

  return (
    <article>
      <PageHeading title={`Ticket: ${request.title}`}>{request.title}</PageHeading>
      <p>
        <Link to={PATHS.serviceRequests}>All tickets</Link>
      </p>
      <dl className="facts">
        <dt>Status</dt>
        <dd data-testid="ticket-status">{statusWords(request.status)}</dd>
        <dt>Type</dt>
        <dd>{request.type}</dd>
        <dt>Priority</dt>
        <dd>
          {request.priority} (impact {request.impact}, urgency {request.urgency})
        </dd>
        <dt>Due</dt>
        <dd>
          {when(request.dueAt)}
          {request.slaBreached ? ' – overdue' : ''}
        </dd>
        <dt>Assignee</dt>
        <dd data-testid="ticket-assignee">
          {request.assigneeId ?? 'nobody'}
          {request.assigneeTeam ? ` (team ${request.assigneeTeam})` : ''}
        </dd>
        <dt>Requester</dt>
        <dd>
          {request.requesterType} {request.requesterId}
        </dd>
        <dt>Created</dt>
        <dd>{when(request.createdAt)}</dd>
        {request.deletedAt ? (
          <>
            <dt>Deleted</dt>
            <dd>{when(request.deletedAt)}</dd>
          </>
        ) : null}
      </dl>
      <p className="description">{request.description}</p>

      <div role="status" className="alert-slot">
        {done ? <p className="notice">{done}</p> : null}
      </div>
      <ProblemAlert problem={problem} />

      <section aria-labelledby="status-title">
        <h2 id="status-title">Status</h2>
        {moves.length === 0 ? (
          <p>{statusWords(request.status)} is final: the ticket moves no further.</p>
        ) : (
          <form
            className="inline-form"
            onSubmit={(event) =>
              void act(
                event,
                send(() =>
                  client.POST('/admin/service-requests/{id}/status', {
                    ...path,
                    body: { status: (nextStatus || moves[0]) as TicketStatus, ...filledField('note', statusNote) },
                  }),
                ),
                'The status was changed.',
                () => {
                  setNextStatus('');
                  setStatusNote('');
                },
              )
            }
          >
            <label>
              Move to
              <select value={nextStatus || moves[0]} onChange={(event) => setNextStatus(event.target.value)}>
                {moves.map((status) => (
                  <option key={status} value={status}>
                    {statusWords(status)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Note (optional)
              <input value={statusNote} onChange={(event) => setStatusNote(event.target.value)} />
            </label>
            <button type="submit" className="primary" aria-disabled={busy}>
              Change the status
            </button>
          </form>
        )}
      </section>

      <section aria-labelledby="assign-title">
        <h2 id="assign-title">Assignment</h2>
        <form
          className="inline-form"
          onSubmit={(event) =>
            void act(
              event,
              send(() =>
                client.POST('/admin/service-requests/{id}/assign', {
                  ...path,
                  body: {
                    ...filledField('assigneeId', assigneeId),
                    ...filledField('assigneeTeam', assigneeTeam),
                  },
                }),
              ),
              'The ticket was assigned; a new assignee is e-mailed.',
            )
          }
        >
          <label>
            Account (id)
            <input value={assigneeId} onChange={(event) => setAssigneeId(event.target.value)} />
          </label>
          <label>
            Team
            <input value={assigneeTeam} onChange={(event) => setAssigneeTeam(event.target.value)} />
          </label>
          <button type="submit" className="secondary" aria-disabled={busy}>
            Assign
          </button>
        </form>
      </section>

      {request.type === 'CHANGE_REQUEST' ? (
        <section aria-labelledby="approval-title">
          <h2 id="approval-title">Change approval</h2>
          <p data-testid="change-approval">Approval: {approval ?? 'not recorded'}.</p>
          {approval === 'PENDING' ? (
            <form
              className="inline-form"
              onSubmit={(event) =>
                void act(
                  event,
                  send(() =>
                    client.POST('/admin/service-requests/{id}/approve-change', {
                      ...path,
                      body: { decision, ...filledField('note', decisionNote) },
                    }),
                  ),
                  'The decision was recorded.',
                )
              }
            >
              <label>
                Decision
                <select value={decision} onChange={(event) => setDecision(event.target.value as typeof decision)}>
                  <option value="APPROVED">Approve</option>
                  <option value="REJECTED">Reject</option>
                </select>
              </label>
              <label>
                Note (required to reject)
                <input value={decisionNote} onChange={(event) => setDecisionNote(event.target.value)} />
              </label>
              <button type="submit" className="secondary" aria-disabled={busy}>
                Record the decision
              </button>
            </form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="comments-title">
        <h2 id="comments-title">Comments</h2>
        {comments.length === 0 ? (
          <p>No comment yet.</p>
        ) : (
          <ol className="conversation">
            {comments.map((entry) => (
              <li key={entry._id}>
                <p className="meta">
                  {entry.authorType === 'ADMIN' ? 'Team' : 'Requester'}, {when(entry.createdAt)} –{' '}
                  {entry.isInternal ? 'internal' : 'public'}
                </p>
                <p>{entry.text}</p>
              </li>
            ))}
          </ol>
        )}
        <form
          onSubmit={(event) =>
            void act(
              event,
              send(() =>
                client.POST('/admin/service-requests/{id}/comments', { ...path, body: { text: comment.trim(), isInternal: internal } }),
              ),
              internal ? 'The internal comment was added.' : 'The public comment was added; the requester sees it.',
              () => setComment(''),
            )
          }
        >
          <label htmlFor="comment-text">Comment</label>
          <textarea id="comment-text" rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
          <label className="option">
            <input type="checkbox" checked={internal} onChange={(event) => setInternal(event.target.checked)} /> Internal (only the team
            sees it)
          </label>
          <div className="actions">
            <button type="submit" className="secondary" aria-disabled={busy}>
              Add the comment
            </button>
          </div>
        </form>
      </section>

      <section aria-labelledby="attachments-title">
        <h2 id="attachments-title">Attachments</h2>
        {request.attachments.length === 0 ? (
          <p>No attachment.</p>
        ) : (
          <ul>
            {request.attachments.map((attachment) => (
              <li key={attachment._id}>
                {attachment.fileName} ({attachment.mimeType}, {Math.ceil(attachment.size / 1024)} KB), {when(attachment.createdAt)}
              </li>
            ))}
          </ul>
        )}
        <form className="inline-form" onSubmit={(event) => void act(event, upload, 'The file was attached.', () => setFile(null))}>
          <label>
            File (at most 10 MB)
            <input type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </label>
          <button type="submit" className="secondary" aria-disabled={busy}>
            Attach
          </button>
        </form>
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <TableScroll label="History">
          <table className="data-table" data-testid="ticket-history">
            <caption className="visually-hidden">Every change, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.createdAt)}</td>
                  <td>{entry.actorType}</td>
                  <th scope="row">{entry.action}</th>
                  <td>{entry.field ?? ''}</td>
                  <td>{valueWords(entry.oldValue)}</td>
                  <td>{valueWords(entry.newValue)}</td>
                  <td>{entry.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </article>
  );
}
