import type { Schemas } from '@teamfit/api-client';
import type { PersonaRole, PersonaStatus } from './persona-words';

/** What the persona form edits, as the fields hold it (text, '' for empty). */
export interface PersonaFormValues {
  firstName: string;
  lastName: string;
  username: string;
  role: string;
  description: string;
  emailAddress: string;
  contactNumber: string;
  roles: PersonaRole[];
  status: PersonaStatus;
}

export const EMPTY_PERSONA_FORM: PersonaFormValues = {
  firstName: '',
  lastName: '',
  username: '',
  role: '',
  description: '',
  emailAddress: '',
  contactNumber: '',
  roles: ['CANDIDATE'],
  status: 'ACTIVE',
};

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function formValuesOf(persona: Schemas['PersonaDto']): PersonaFormValues {
  return {
    firstName: persona.user.firstName ?? '',
    lastName: persona.user.lastName ?? '',
    username: persona.user.username ?? '',
    role: persona.role,
    description: persona.description,
    emailAddress: persona.emailAddress ?? '',
    contactNumber: persona.contactNumber ?? '',
    roles: [...persona.roles],
    status: persona.status,
  };
}

/**
 * The body of POST /profile/persona: a new user (`userId`, a fresh UUID unless the persona joins
 * an existing user) and only the fields filled in.
 */
export function createBody(values: PersonaFormValues, userId: string): Schemas['CreatePersonaDto'] {
  const user: Schemas['NewPersonaUserDto'] = {};
  if (text(values.firstName)) user.firstName = text(values.firstName);
  if (text(values.lastName)) user.lastName = text(values.lastName);
  if (text(values.username)) user.username = text(values.username);
  return {
    user_id: userId,
    role: values.role.trim(),
    description: values.description.trim(),
    ...(text(values.emailAddress) ? { emailAddress: text(values.emailAddress) } : {}),
    ...(text(values.contactNumber) ? { contactNumber: text(values.contactNumber) } : {}),
    ...(Object.keys(user).length > 0 ? { user } : {}),
    roles: values.roles,
    status: values.status,
  };
}

/** The body of PUT /profile/persona/:id: every field the form shows, an emptied one cleared (null). */
export function updateBody(values: PersonaFormValues): Schemas['UpdatePersonaDto'] {
  return {
    role: values.role.trim(),
    description: values.description.trim(),
    emailAddress: text(values.emailAddress),
    contactNumber: text(values.contactNumber),
    user: { firstName: text(values.firstName), lastName: text(values.lastName), username: text(values.username) },
  };
}

/** The body of PUT /profile/persona/:id/access when roles or status changed, else null (no call). */
export function accessBody(before: Schemas['PersonaDto'], values: PersonaFormValues): Schemas['PersonaAccessDto'] | null {
  const sameRoles = before.roles.length === values.roles.length && before.roles.every((role) => values.roles.includes(role));
  if (sameRoles && before.status === values.status) return null;
  return { roles: values.roles, status: values.status };
}
