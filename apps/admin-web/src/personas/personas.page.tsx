import type { Schemas } from '@teamfit/api-client';
import { attempt, useConsole } from '../app/console-context';
import { PageHeading } from '../common/page-heading.component';
import { ProblemAlert } from '../common/problem-alert.component';
import { useOutcome } from '../common/use-outcome';
import { Link } from '../routing/link.component';
import { personaPath } from '../routing/paths';

export function PersonasPage() {
  const { client, session } = useConsole();
  const [loaded] = useOutcome<Schemas['PersonaPageDto']>(
    () => attempt(session, () => client.GET('/profile/persona', { params: { query: { page: 1, limit: 20 } } })),
    [client, session],
  );
  return (
    <section>
      <PageHeading>Personas</PageHeading>
      {loaded.state === 'loading' ? (
        <p role="status">Loading…</p>
      ) : loaded.outcome.ok ? (
        <ul className="request-list">
          {loaded.outcome.data.personas.map((persona) => (
            <li key={persona.id}>
              <Link to={personaPath(persona.id)}>{persona.role}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <ProblemAlert problem={loaded.outcome.problem} />
      )}
    </section>
  );
}
