import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { attempt, useHub } from '../app/hub-context';
import { PageHeading } from '../common/page-heading.component';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { dateWords, kindWords, statusWords, takesReplies } from './service-request-words';

/** One of the persona's requests: its state, the conversation, a reply, and confirming a solution. */
export function ServiceRequestPage({ requestId }: { requestId: string }) {
  const { client, session } = useHub();
  const [request, setRequest] = useState<Schemas['HubServiceRequestDetailDto'] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [actionProblem, setActionProblem] = useState<ApiProblem | null>(null);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const path = { params: { path: { id: requestId } } };

  const load = useCallback(async () => {
    const result = await attempt(session, () => client.GET('/hub/service-requests/{id}', { params: { path: { id: requestId } } }));
    if (result.ok) setRequest(result.data);
    setProblem(result.ok ? null : result.problem);
  }, [client, session, requestId]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (run: () => Promise<{ ok: boolean; problem?: ApiProblem }>, message: string) => {
    if (busy) return;
    setBusy(true);
    const result = await run();
    // The request as it is now (after the change, or after whatever a 409 says happened meanwhile)
    // is shown before the outcome is announced, so the notice never describes a page not yet updated.
    await load();
    setBusy(false);
    setActionProblem(result.ok ? null : (result.problem ?? null));
    if (result.ok) setDone(message);
  };

  const sendReply = (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return;
    void act(async () => {
      const result = await attempt(session, () =>
        client.POST('/hub/service-requests/{id}/comments', { ...path, body: { text: reply.trim() } }),
      );
      if (result.ok) setReply('');
      return result;
    }, 'Your reply was sent.');
  };

  const confirm = () =>
    void act(
      () => attempt(session, () => client.POST('/hub/service-requests/{id}/confirm', path)),
      'Thank you. The request is now closed.',
    );

  if (!request) {
    return (
      <section>
        <PageHeading>Service request</PageHeading>
        <ProblemAlert problem={problem} />
        {problem ? null : <p role="status">Loading the request…</p>}
        <p>
          <Link to="/service-requests">All your requests</Link>
        </p>
      </section>
    );
  }

  return (
    <article>
      <PageHeading title={`Request: ${request.title}`}>{request.title}</PageHeading>
      <p>
        <Link to="/service-requests">All your requests</Link>
      </p>
      <dl className="facts">
        <dt>Status</dt>
        <dd data-testid="request-status">{statusWords(request.status)}</dd>
        <dt>About</dt>
        <dd>{kindWords(request.type)}</dd>
        <dt>Filed</dt>
        <dd>{dateWords(request.createdAt)}</dd>
      </dl>
      {request.description ? <p className="description">{request.description}</p> : null}
      <p role="status" className="done">
        {done}
      </p>
      <ProblemAlert problem={actionProblem} />
      {request.status === 'RESOLVED' ? (
        <section aria-labelledby="confirm-heading" className="confirm">
          <h2 id="confirm-heading">Is your request solved?</h2>
          <p>Support marked it as solved. If that is right, confirm it and the request closes. If not, reply below.</p>
          <button type="button" className="primary" aria-disabled={busy} onClick={confirm}>
            Yes, it is solved
          </button>
        </section>
      ) : null}
      <section aria-labelledby="conversation-heading">
        <h2 id="conversation-heading">Conversation</h2>
        {request.comments.length === 0 ? (
          <p>No messages yet.</p>
        ) : (
          <ol className="conversation">
            {request.comments.map((comment) => (
              <li key={comment._id} className={comment.authorType === 'ADMIN' ? 'from-support' : 'from-me'}>
                <p className="meta">
                  {comment.authorType === 'ADMIN' ? 'Support' : 'You'}, {dateWords(comment.createdAt)}
                </p>
                <p>{comment.text}</p>
              </li>
            ))}
          </ol>
        )}
        {takesReplies(request.status) ? (
          <form onSubmit={sendReply}>
            <label htmlFor="reply-text">Your reply</label>
            <textarea
              id="reply-text"
              name="reply"
              rows={4}
              maxLength={20000}
              required
              value={reply}
              onChange={(event) => setReply(event.target.value)}
            />
            <button type="submit" className="primary" aria-disabled={busy}>
              Send reply
            </button>
          </form>
        ) : (
          <p>
            This request is {statusWords(request.status).toLowerCase()} and takes no more replies. File a new one if you need more help.
          </p>
        )}
      </section>
    </article>
  );
}
