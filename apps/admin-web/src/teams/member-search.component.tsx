import type { Schemas } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { attempt, type Outcome, useConsole } from '../app/console-context';
import { ProblemAlert } from '@teamfit/web-ui';
import { personaName, signInAddressOf } from '../personas/persona-words';

const RESULTS = 10;

interface MemberSearchProps {
  memberIds: readonly string[];
  /** Adds the persona; resolves true once the team has it. */
  onAdd: (persona: Schemas['PersonaDto']) => Promise<boolean>;
}

/** Finds personas by name, username or address (the first ten matches) to add to the team. */
export function MemberSearch({ memberIds, onAdd }: MemberSearchProps) {
  const { client, session } = useConsole();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Outcome<Schemas['PersonaPageDto']> | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFound(
      await attempt(session, () => client.GET('/profile/persona', { params: { query: { search: text.trim(), page: 1, limit: RESULTS } } })),
    );
    setBusy(false);
  };

  return (
    <section aria-labelledby="add-member-heading">
      <h2 id="add-member-heading">Add a member</h2>
      <form role="search" aria-label="Personas to add" onSubmit={(event) => void search(event)}>
        <label htmlFor="member-search">Name, username or e-mail</label>
        <input id="member-search" type="search" name="search" required value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="primary" aria-disabled={busy}>
          Find personas
        </button>
      </form>
      {found && !found.ok ? <ProblemAlert problem={found.problem} /> : null}
      <div role="status">
        {found?.ok ? (
          <p>
            {found.data.total === 0
              ? 'No persona matches.'
              : found.data.total > RESULTS
                ? `${found.data.total} personas match; the first ${RESULTS} are shown. Narrow the search to find others.`
                : `${found.data.total} ${found.data.total === 1 ? 'persona matches' : 'personas match'}.`}
          </p>
        ) : null}
      </div>
      {found?.ok && found.data.personas.length > 0 ? (
        <ul className="plain-list">
          {found.data.personas.map((persona) => (
            <li key={persona.id}>
              {personaName(persona)} <span className="meta">{[persona.role, signInAddressOf(persona)].filter(Boolean).join(' · ')}</span>
              {memberIds.includes(persona.id) ? (
                <span className="meta">Already a member</span>
              ) : (
                <button type="button" className="secondary" onClick={() => void onAdd(persona)}>
                  Add <span className="visually-hidden">{personaName(persona)}</span> to the team
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
