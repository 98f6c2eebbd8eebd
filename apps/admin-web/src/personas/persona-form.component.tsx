import type { ApiProblem } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { ProblemAlert } from '@teamfit/web-ui';
import type { PersonaFormValues } from './persona-form-values';
import { PERSONA_ROLES, PERSONA_STATUSES, ROLE_WORDS, STATUS_WORDS } from './persona-words';

type TextField = Exclude<keyof PersonaFormValues, 'roles' | 'status'>;

interface PersonaFormProps {
  initial: PersonaFormValues;
  submitLabel: string;
  /** Saves; resolves the problem to show, or null when saved. */
  onSubmit: (values: PersonaFormValues) => Promise<ApiProblem | null>;
  onCancel?: () => void;
}

/** The persona's fields for creating and editing; the API's limits as the fields' own. */
export function PersonaForm({ initial, submitLabel, onSubmit, onCancel }: PersonaFormProps) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const set =
    (field: keyof PersonaFormValues) =>
    (event: { target: { value: string } }): void =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await onSubmit(values);
    setBusy(false);
    setProblem(result);
  };

  const field = (
    id: TextField,
    label: string,
    options: { type?: string; maxLength: number; required?: boolean; autoComplete?: string },
  ) => (
    <div>
      <label htmlFor={`persona-${id}`}>
        {label}
        {options.required ? ' (required)' : ''}
      </label>
      <input
        id={`persona-${id}`}
        name={id}
        type={options.type ?? 'text'}
        maxLength={options.maxLength}
        required={options.required}
        autoComplete={options.autoComplete ?? 'off'}
        value={values[id]}
        onChange={set(id)}
      />
    </div>
  );

  return (
    <form className="persona-form" onSubmit={(event) => void submit(event)}>
      <ProblemAlert problem={problem} />
      <div className="field-grid">
        {field('firstName', 'First name', { maxLength: 100 })}
        {field('lastName', 'Last name', { maxLength: 100 })}
        {field('username', 'Username', { maxLength: 100 })}
        {field('emailAddress', 'E-mail address (signs in with it, invitations go there)', { type: 'email', maxLength: 254 })}
        {field('contactNumber', 'Contact number', { type: 'tel', maxLength: 50 })}
        {field('role', 'Role title', { maxLength: 200, required: true })}
      </div>
      <label htmlFor="persona-description">Description (required)</label>
      <textarea
        id="persona-description"
        name="description"
        rows={3}
        maxLength={5000}
        required
        value={values.description}
        onChange={set('description')}
      />
      <fieldset className="choices">
        <legend>Roles</legend>
        {PERSONA_ROLES.map((role) => (
          <label key={role} className="choice">
            <input
              type="checkbox"
              name="roles"
              value={role}
              checked={values.roles.includes(role)}
              onChange={(event) =>
                setValues((current) => ({
                  ...current,
                  roles: event.target.checked ? [...current.roles, role] : current.roles.filter((candidate) => candidate !== role),
                }))
              }
            />
            {ROLE_WORDS[role]}
          </label>
        ))}
      </fieldset>
      <label htmlFor="persona-status">Status</label>
      <select
        id="persona-status"
        name="status"
        value={values.status}
        onChange={(event) => setValues((current) => ({ ...current, status: event.target.value as PersonaFormValues['status'] }))}
      >
        {PERSONA_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_WORDS[status]}
          </option>
        ))}
      </select>
      <div className="actions">
        <button type="submit" className="primary" aria-disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
