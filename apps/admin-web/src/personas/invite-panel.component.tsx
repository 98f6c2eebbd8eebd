import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { formatDateTime } from '../common/dates';
import { ProblemAlert } from '@teamfit/web-ui';
import type { TeamChoices } from '../teams/team-choices';
import { personaName, signInAddressOf } from './persona-words';

interface InvitePanelProps {
  persona: Schemas['PersonaDto'];
  teams: TeamChoices;
  onInvited: () => void;
}

/**
 * Invites the persona to the questionnaire for a team: the persona's evaluation for that team is
 * created, or the open one resumed (POST /evaluation/evaluation), and the hub's invitation e-mailed
 * (POST /evaluation/evaluation/:id/invitation). Inviting again sends the link again.
 */
export function InvitePanel({ persona, teams, onInvited }: InvitePanelProps) {
  const { client, session } = useConsole();
  const [teamId, setTeamId] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [sent, setSent] = useState<Schemas['EvaluationInvitationDto'] | null>(null);
  const address = signInAddressOf(persona);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !teamId) return;
    setBusy(true);
    setSent(null);
    const evaluation = await attempt(session, () =>
      client.POST('/evaluation/evaluation', { body: { personaId: persona.id, teamId: Number(teamId) } }),
    );
    const invitation = evaluation.ok
      ? await attempt(session, () =>
          client.POST('/evaluation/evaluation/{id}/invitation', { params: { path: { id: evaluation.data.id } } }),
        )
      : evaluation;
    setBusy(false);
    if (!invitation.ok) return setProblem(invitation.problem);
    setProblem(null);
    setSent(invitation.data);
    onInvited();
  };

  const more = teams.total !== null && teams.teams.length < teams.total;
  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite to a questionnaire</h2>
      {address ? (
        <p>
          {personaName(persona)} receives an e-mail at <strong>{address}</strong> with a link to the questionnaire for the team.
        </p>
      ) : (
        <p>This persona has no e-mail address to sign in with: add one before inviting.</p>
      )}
      <ProblemAlert problem={problem ?? teams.problem} />
      <div role="status">
        {sent ? (
          <p className="notice">
            Invitation sent: invited on <time dateTime={sent.invitedAt}>{formatDateTime(sent.invitedAt)}</time>.
          </p>
        ) : null}
      </div>
      <form onSubmit={(event) => void invite(event)}>
        <label htmlFor="invite-team">Team</label>
        <select id="invite-team" name="team" required value={teamId} onChange={(event) => setTeamId(event.target.value)}>
          <option value="">{teams.loading && teams.teams.length === 0 ? 'Loading the teams…' : 'Choose a team'}</option>
          {teams.teams.map((team) => (
            <option key={team.id} value={String(team.id)}>
              {team.name}
            </option>
          ))}
        </select>
        <div className="actions">
          <button type="submit" className="primary" aria-disabled={busy}>
            {busy ? 'Sending the invitation…' : 'Send the invitation'}
          </button>
          {more ? (
            <button type="button" className="secondary" onClick={teams.loadMore}>
              Show more teams ({teams.teams.length} of {teams.total})
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
