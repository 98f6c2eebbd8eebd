import type { PersonaRow } from '@teamfit/personas';

/** The nine fields of the completeness rule (docs/profile.md, "Completeness"), in the order the answer lists them. */
export const COMPLETENESS_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'profileBio',
  'contactNumber',
  'linkedinProfile',
  'portfolioURL',
  'xHandler',
  'resumeContent',
] as const;
export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number];

export interface Completeness {
  completeness: number;
  isComplete: boolean;
  fields: Record<CompletenessField, boolean>;
}

export type CompletenessInput = Pick<
  PersonaRow,
  | 'userFirstName'
  | 'userLastName'
  | 'emailAddress'
  | 'profileBio'
  | 'contactNumber'
  | 'linkedinProfile'
  | 'linkedinProfileUrl'
  | 'portfolioUrl'
  | 'xHandler'
  | 'resumeContent'
>;

/** Set means a string with something other than white space in it. */
const isFilled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim().length > 0;

/**
 * How complete a persona's profile is: each of the nine fields is worth a ninth, rounded to a
 * whole percent (so one field is 11, five are 56, all nine 100). firstName and lastName come from
 * `user`; linkedinProfile counts when either the handle or the URL is set; `roles` is not counted.
 */
export function completenessOf(persona: CompletenessInput): Completeness {
  const fields: Record<CompletenessField, boolean> = {
    firstName: isFilled(persona.userFirstName),
    lastName: isFilled(persona.userLastName),
    emailAddress: isFilled(persona.emailAddress),
    profileBio: isFilled(persona.profileBio),
    contactNumber: isFilled(persona.contactNumber),
    linkedinProfile: isFilled(persona.linkedinProfile) || isFilled(persona.linkedinProfileUrl),
    portfolioURL: isFilled(persona.portfolioUrl),
    xHandler: isFilled(persona.xHandler),
    resumeContent: isFilled(persona.resumeContent),
  };
  const filled = COMPLETENESS_FIELDS.filter((field) => fields[field]).length;
  return {
    completeness: Math.round((filled / COMPLETENESS_FIELDS.length) * 100),
    isComplete: filled === COMPLETENESS_FIELDS.length,
    fields,
  };
}
