import { attempt, useConsole } from '../app/console-context';
import { PageHeading } from '../common/page-heading.component';
import { Link, navigate } from '@teamfit/web-ui';
import { PATHS, personaPath } from '../routing/paths';
import { createBody, EMPTY_PERSONA_FORM, type PersonaFormValues } from './persona-form-values';
import { PersonaForm } from './persona-form.component';

/** A new persona (POST /profile/persona) of a new user; its page once created. */
export function PersonaNewPage() {
  const { client, session } = useConsole();
  const create = async (values: PersonaFormValues) => {
    const outcome = await attempt(session, () => client.POST('/profile/persona', { body: createBody(values, crypto.randomUUID()) }));
    if (!outcome.ok) return outcome.problem;
    navigate(personaPath(outcome.data.id));
    return null;
  };
  return (
    <section>
      <p className="breadcrumb">
        <Link to={PATHS.personas}>Personas</Link>
      </p>
      <PageHeading>New persona</PageHeading>
      <PersonaForm
        initial={EMPTY_PERSONA_FORM}
        submitLabel="Create the persona"
        onSubmit={create}
        onCancel={() => navigate(PATHS.personas)}
      />
    </section>
  );
}
