import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { attempt, useHub } from '../app/hub-context';
import { PageHeading } from '../common/page-heading.component';
import { filledField, Link, navigate, ProblemAlert } from '@teamfit/web-ui';
import { serviceRequestPath } from '../routing/routes';
import { dateWords, KINDS, kindWords, statusWords } from './service-request-words';

type Kind = Schemas['HubCreateServiceRequestDto']['type'];

/** The persona's own service requests, newest first, and a form to file one. */
export function ServiceRequestsPage() {
  const { client, session } = useHub();
  const [page, setPage] = useState<Schemas['HubServiceRequestPageDto'] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [formProblem, setFormProblem] = useState<ApiProblem | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<Kind>('QUESTION');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await attempt(session, () => client.GET('/hub/service-requests', { params: { query: { limit: 50 } } }));
    if (result.ok) setPage(result.data);
    setProblem(result.ok ? null : result.problem);
  }, [client, session]);

  useEffect(() => {
    void load();
  }, [load]);

  const file = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const body = { title: title.trim(), type: kind, ...filledField('description', description) };
    const result = await attempt(session, () => client.POST('/hub/service-requests', { body }));
    setBusy(false);
    if (!result.ok) return setFormProblem(result.problem);
    navigate(serviceRequestPath(result.data._id));
  };

  return (
    <div>
      <PageHeading>Your service requests</PageHeading>
      <section aria-labelledby="new-request-heading">
        <h2 id="new-request-heading">Ask for help</h2>
        <ProblemAlert problem={formProblem} />
        <form onSubmit={(event) => void file(event)}>
          <label htmlFor="request-title">Subject</label>
          <input
            id="request-title"
            name="title"
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <label htmlFor="request-kind">What is it about?</label>
          <select id="request-kind" name="type" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            {KINDS.map((option) => (
              <option key={option} value={option}>
                {kindWords(option)}
              </option>
            ))}
          </select>
          <label htmlFor="request-description">Details (optional)</label>
          <textarea
            id="request-description"
            name="description"
            rows={5}
            maxLength={20000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <button type="submit" className="primary" aria-disabled={busy}>
            {busy ? 'Sending…' : 'Send request'}
          </button>
        </form>
      </section>
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">Your requests</h2>
        <ProblemAlert problem={problem} />
        {page === null ? (
          problem ? null : (
            <p role="status">Loading your requests…</p>
          )
        ) : page.items.length === 0 ? (
          <p>You have not filed any request yet.</p>
        ) : (
          <ul className="request-list">
            {page.items.map((request) => (
              <li key={request._id}>
                <Link to={serviceRequestPath(request._id)}>{request.title}</Link>
                <span className="meta">
                  {statusWords(request.status)} · filed {dateWords(request.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
