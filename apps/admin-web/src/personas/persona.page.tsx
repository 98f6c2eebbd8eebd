import type { Schemas } from '@teamfit/api-client';
import { useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { formatDateTime } from '../common/dates';
import { PageHeading } from '../common/page-heading.component';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { evaluationPath, PATHS, teamPath } from '../routing/paths';
import type { PageProps } from '../routing/route-table';
import { useTeamChoices } from '../teams/team-choices';
import { InvitePanel } from './invite-panel.component';
import { accessBody, formValuesOf, type PersonaFormValues, updateBody } from './persona-form-values';
import { PersonaForm } from './persona-form.component';
import { EVALUATION_STATUS_WORDS, personaName, ROLE_WORDS, signInAddressOf, STATUS_WORDS } from './persona-words';
import { TableScroll } from '../common/table-scroll.component';

type Persona = Schemas['PersonaDto'];

/** A persona: its details (editable), its evaluations with their results, and the invitation. */
export function PersonaPage({ params }: PageProps) {
  const id = params['id'] ?? '';
  const { client, session } = useConsole();
  const [loaded, reload] = useOutcome<Persona>(
    () => attempt(session, () => client.GET('/profile/persona/{id}', { params: { path: { id } } })),
    [client, session, id],
  );
  if (loaded.state === 'loading')
    return (
      <section>
        <PageHeading>Persona</PageHeading>
        <p role="status">Loading the persona…</p>
      </section>
    );
  if (!loaded.outcome.ok)
    return (
      <section>
        <PageHeading>Persona</PageHeading>
        <ProblemAlert problem={loaded.outcome.problem} />
        <p>
          <Link to={PATHS.personas}>Back to the personas</Link>
        </p>
      </section>
    );
  return <PersonaDetails persona={loaded.outcome.data} onChanged={reload} />;
}

function PersonaDetails({ persona, onChanged }: { persona: Persona; onChanged: () => void }) {
  const { client, session } = useConsole();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const teams = useTeamChoices();
  const [evaluations, reloadEvaluations] = useOutcome<Schemas['EvaluationListDto']>(
    () => attempt(session, () => client.GET('/evaluation/evaluation', { params: { query: { personaId: persona.id } } })),
    [client, session, persona.id],
  );

  const save = async (values: PersonaFormValues) => {
    const updated = await attempt(session, () =>
      client.PUT('/profile/persona/{id}', { params: { path: { id: persona.id } }, body: updateBody(values) }),
    );
    if (!updated.ok) return updated.problem;
    const access = accessBody(persona, values);
    if (access) {
      const changed = await attempt(session, () =>
        client.PUT('/profile/persona/{id}/access', { params: { path: { id: persona.id } }, body: access }),
      );
      if (!changed.ok) return changed.problem;
    }
    setEditing(false);
    setSaved(true);
    onChanged();
    return null;
  };

  const name = personaName(persona);
  return (
    <section>
      <p className="breadcrumb">
        <Link to={PATHS.personas}>Personas</Link>
      </p>
      <PageHeading title={`${name} (persona)`}>{name}</PageHeading>
      <div role="status">{saved && !editing ? <p className="notice">The persona was saved.</p> : null}</div>
      {editing ? (
        <>
          <h2>Edit the persona</h2>
          <PersonaForm initial={formValuesOf(persona)} submitLabel="Save the persona" onSubmit={save} onCancel={() => setEditing(false)} />
        </>
      ) : (
        <>
          <dl className="facts">
            <dt>Role title</dt>
            <dd>{persona.role}</dd>
            <dt>Status</dt>
            <dd>{STATUS_WORDS[persona.status]}</dd>
            <dt>Roles</dt>
            <dd>{persona.roles.length > 0 ? persona.roles.map((role) => ROLE_WORDS[role]).join(', ') : 'None'}</dd>
            <dt>Signs in with</dt>
            <dd>{signInAddressOf(persona) ?? 'No address: the persona cannot be invited'}</dd>
            <dt>Username</dt>
            <dd>{persona.user.username ?? '–'}</dd>
            <dt>Contact number</dt>
            <dd>{persona.contactNumber ?? '–'}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(persona.createdAt)}</dd>
          </dl>
          <p className="description">{persona.description}</p>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit the persona
          </button>
        </>
      )}

      <h2>Evaluations</h2>
      {evaluations.state === 'loading' ? (
        <p role="status">Loading the evaluations…</p>
      ) : !evaluations.outcome.ok ? (
        <ProblemAlert problem={evaluations.outcome.problem} />
      ) : evaluations.outcome.data.items.length === 0 ? (
        <p>No evaluation yet. Invite the persona to a questionnaire below.</p>
      ) : (
        <TableScroll label="Evaluations">
          <table>
            <thead>
              <tr>
                <th scope="col">Team</th>
                <th scope="col">Status</th>
                <th scope="col">Answered</th>
                <th scope="col">Invited</th>
                <th scope="col">Started</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {evaluations.outcome.data.items.map((evaluation) => (
                <tr key={evaluation.id}>
                  <th scope="row">
                    <Link to={teamPath(evaluation.teamId)}>{teams.nameOf(evaluation.teamId)}</Link>
                  </th>
                  <td>{EVALUATION_STATUS_WORDS[evaluation.status]}</td>
                  <td>
                    {evaluation.progress.answered} of {evaluation.progress.total}
                  </td>
                  <td>
                    {evaluation.invitedAt ? (
                      <time dateTime={evaluation.invitedAt}>{formatDateTime(evaluation.invitedAt)}</time>
                    ) : (
                      'Not invited'
                    )}
                  </td>
                  <td>{formatDateTime(evaluation.createdAt)}</td>
                  <td>
                    <Link to={evaluationPath(evaluation.id)}>
                      Open the evaluation<span className="visually-hidden"> for {teams.nameOf(evaluation.teamId)}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <InvitePanel persona={persona} teams={teams} onInvited={reloadEvaluations} />
    </section>
  );
}
