import type { Schemas } from '@teamfit/api-client';

type Persona = Schemas['PersonaDto'];
export type PersonaStatus = Schemas['PersonaStatus'];
export type PersonaRole = Schemas['PersonaRole'];

export const PERSONA_STATUSES: readonly PersonaStatus[] = ['ACTIVE', 'PENDING', 'BLOCKED'];
export const PERSONA_ROLES: readonly PersonaRole[] = ['CANDIDATE', 'EMPLOYEE', 'HR', 'TEAM_MANAGER', 'MANAGER'];

export const STATUS_WORDS: Record<PersonaStatus, string> = { ACTIVE: 'Active', PENDING: 'Pending', BLOCKED: 'Blocked' };
export const ROLE_WORDS: Record<PersonaRole, string> = {
  CANDIDATE: 'Candidate',
  EMPLOYEE: 'Employee',
  HR: 'HR',
  TEAM_MANAGER: 'Team manager',
  MANAGER: 'Manager',
};

export const isPersonaStatus = (value: string | undefined): value is PersonaStatus => PERSONA_STATUSES.some((status) => status === value);

/**
 * The name a person knows a persona by: the user's first and last name, else the username, else
 * the address it signs in with, else its role title (every persona has one).
 */
export function personaName(persona: Pick<Persona, 'user' | 'emailAddress' | 'role'>): string {
  const { firstName, lastName, username, emailAddress } = persona.user;
  const full = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || username?.trim() || persona.emailAddress || emailAddress || persona.role;
}

/** The address a persona signs in with, and the one an invitation goes to: its own, else its user's. */
export const signInAddressOf = (persona: Pick<Persona, 'user' | 'emailAddress'>): string | null =>
  persona.emailAddress ?? persona.user.emailAddress ?? null;

export const EVALUATION_STATUS_WORDS: Record<Schemas['EvaluationOverviewDto']['status'], string> = {
  pending: 'Not started',
  in_progress: 'In progress',
  complete: 'Complete',
};
