import {
  educationLevels,
  industries,
  locations,
  professionalYears,
  skills,
  studyMajors,
  workFunctions,
} from '../../database/evaluation.schema';

/** The lookup collections (docs/algorithm.md, "Collections and shapes"), by their route names. */
export const LOOKUP_COLLECTIONS = [
  'industries',
  'workfunctions',
  'skills',
  'professionalyears',
  'educationlevels',
  'studymajors',
  'locations',
] as const;
export type LookupCollection = (typeof LOOKUP_COLLECTIONS)[number];

/**
 * The three shapes a lookup has: `id, name`; plus `orderBy` (threshold matching compares it);
 * plus `countryId`. Each kind has its own DTOs; everything else is shared.
 */
export type LookupKind = 'named' | 'ordered' | 'located';

export type LookupTable = typeof industries | typeof professionalYears | typeof locations;

/** A lookup row as every endpoint returns it; the extra field only for its kind. */
export interface LookupRow {
  id: number;
  name: string;
  orderBy?: number;
  countryId?: number;
}

export interface LookupDescriptor {
  collection: LookupCollection;
  /** Singular, capitalised: messages say "Industry not found". */
  label: string;
  kind: LookupKind;
  table: LookupTable;
}

/** Everything that differs between the seven lookups is here. */
export const LOOKUPS: Readonly<Record<LookupCollection, LookupDescriptor>> = {
  industries: { collection: 'industries', label: 'Industry', kind: 'named', table: industries },
  workfunctions: { collection: 'workfunctions', label: 'Work function', kind: 'named', table: workFunctions },
  skills: { collection: 'skills', label: 'Skill', kind: 'named', table: skills },
  professionalyears: { collection: 'professionalyears', label: 'Professional years', kind: 'ordered', table: professionalYears },
  educationlevels: { collection: 'educationlevels', label: 'Education level', kind: 'ordered', table: educationLevels },
  studymajors: { collection: 'studymajors', label: 'Study major', kind: 'ordered', table: studyMajors },
  locations: { collection: 'locations', label: 'Location', kind: 'located', table: locations },
};

/** The lookups carrying `orderBy`. */
export type OrderedLookupCollection = 'professionalyears' | 'educationlevels' | 'studymajors';
