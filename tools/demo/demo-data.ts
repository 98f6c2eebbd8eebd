// What `npm run demo` puts on the platform. Everything is found again by these names (and the
// personas by their fixed user_id), which is what makes a second run reuse instead of duplicate.

/** A 64×64 PNG: a white N on a teal rounded square. */
export const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABAAgMAAADXB5lNAAAACVBMVEUPdm7///8AAAAdyeMPAAAAA3RSTlP//wDXyg1BAAAAl0lEQVR42r3UQQqEMAwF0FToxn0v4Sl6BBfmPnMUl0NOaYKi/gQMDIOhFPIWn1KakshKZ40idO9NSAhK6Isw0YowRvggDL/Ae8Vse+Mn6B5mD4sHzqF7mBEWSwWw5hmqpgIUTQWwhaBdApqKoKkIx1lu0DiDul/KBcUDBWgpVA/FAwVoEfp7L/Af85JPZRjkMOrxM3DfxQZyDUVCh7IZ6gAAAABJRU5ErkJggg==',
  'base64',
);

/** Multipart fields of the organisation (every scalar is sent as a string). */
export const ORGANISATION = {
  name: 'Northwind Analytics (demo)',
  urlName: 'northwind-demo',
  isPublic: 'true',
  licenses: '25',
  showMatches: 'true',
  algorithmVersion: 'v1',
} as const;

/** The organisation service's reference data, by collection. */
export const MASTER_DATA = {
  country: [
    { name: 'Netherlands', code: 'NL' },
    { name: 'Germany', code: 'DE' },
  ],
  industry: [{ name: 'Banking' }, { name: 'Retail' }, { name: 'Software' }],
  function: [{ name: 'Data' }, { name: 'Engineering' }, { name: 'Product' }],
  'education-level': [{ name: 'Bachelor' }, { name: 'Master' }],
  'study-major': [{ name: 'Computer science' }, { name: 'Statistics' }],
  skill: [{ name: 'SQL' }, { name: 'Statistics' }, { name: 'TypeScript' }],
} as const;

/** Locations refer to a country by its `_id`, so they are created after the countries. */
export const LOCATIONS = [
  { name: 'Amsterdam', country: 'Netherlands' },
  { name: 'Berlin', country: 'Germany' },
] as const;

export type PersonaRole = 'EMPLOYEE' | 'CANDIDATE' | 'HR' | 'TEAM_MANAGER' | 'MANAGER';

export interface DemoPersona {
  /** Fixed, so the persona is found again by `GET /profile/persona?user_id=`. */
  userId: string;
  firstName: string;
  lastName: string;
  role: string;
  roles: PersonaRole[];
  /** The level this person answers around (1-5); their answers vary by one around it. */
  level: number;
}

const demoUserId = (n: number) => `de300000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const TEAM_MEMBERS: DemoPersona[] = [
  { userId: demoUserId(1), firstName: 'Amara', lastName: 'Okafor', role: 'Team lead', roles: ['EMPLOYEE', 'TEAM_MANAGER'], level: 4 },
  { userId: demoUserId(2), firstName: 'Bram', lastName: 'de Vries', role: 'Data engineer', roles: ['EMPLOYEE'], level: 3 },
  { userId: demoUserId(3), firstName: 'Chen', lastName: 'Wei', role: 'Data analyst', roles: ['EMPLOYEE'], level: 4 },
  { userId: demoUserId(4), firstName: 'Dana', lastName: 'Novak', role: 'Analytics engineer', roles: ['EMPLOYEE'], level: 2 },
  { userId: demoUserId(5), firstName: 'Elif', lastName: 'Yılmaz', role: 'Data scientist', roles: ['EMPLOYEE'], level: 3 },
];

export const CANDIDATE: DemoPersona = {
  userId: demoUserId(6),
  firstName: 'Farah',
  lastName: 'Haddad',
  role: 'Data analyst',
  roles: ['CANDIDATE'],
  level: 3,
};

export const TEAM = {
  name: 'Data Platform',
  description: 'Pipelines, dashboards and the numbers behind them',
  roleName: 'Data analyst',
} as const;

/**
 * A person's answer to a question: around their level, moved by -1, 0 or +1 depending on the
 * question, so scores differ from dimension to dimension, and always 1-5.
 */
export const answerOf = (persona: DemoPersona, questionId: number): number =>
  Math.min(5, Math.max(1, persona.level + ((questionId * 7 + persona.level) % 3) - 1));

/** The evaluation service's lookups a role specification and the candidate's records refer to. */
export const LOOKUPS = {
  industries: ['Banking', 'Retail', 'Software'],
  workfunctions: ['Data', 'Engineering'],
  skills: ['SQL', 'Statistics', 'TypeScript'],
  professionalyears: [
    { name: '0-2 years', orderBy: 1 },
    { name: '3-5 years', orderBy: 2 },
    { name: '6+ years', orderBy: 3 },
  ],
  educationlevels: [
    { name: 'Bachelor', orderBy: 1 },
    { name: 'Master', orderBy: 2 },
  ],
} as const;

export const ROLE_TITLE = 'Data analyst';

/** Service requests filed for the organisation, each brought to its `target` status. */
export interface DemoServiceRequest {
  title: string;
  description: string;
  type: 'BUG' | 'INCIDENT' | 'CHANGE_REQUEST' | 'QUESTION' | 'FEATURE_REQUEST';
  impact: 'LOW' | 'MEDIUM' | 'HIGH';
  urgency: 'LOW' | 'MEDIUM' | 'HIGH';
  /** The statuses it moves through after NEW; the last one is where it stays. */
  path: string[];
  assign?: boolean;
  comment?: string;
  approve?: string;
}

export const SERVICE_REQUESTS: DemoServiceRequest[] = [
  {
    title: 'Invitation link expired before the candidate opened it',
    description: 'Farah received the questionnaire invitation on Friday and the link had expired by Monday.',
    type: 'QUESTION',
    impact: 'LOW',
    urgency: 'MEDIUM',
    path: [],
  },
  {
    title: 'Team match shows no role for Data Platform',
    description: 'The role match is empty for the Data Platform team although a role is configured.',
    type: 'BUG',
    impact: 'HIGH',
    urgency: 'MEDIUM',
    path: ['OPEN', 'IN_PROGRESS'],
    assign: true,
    comment: 'Reproduced; the role was created after the evaluations. Looking into it.',
  },
  {
    title: 'Add Retail to the industries a role can ask for',
    description: 'Our retail clients need their own industry in role specifications.',
    type: 'CHANGE_REQUEST',
    impact: 'MEDIUM',
    urgency: 'LOW',
    path: ['OPEN', 'IN_PROGRESS'],
    approve: 'Low risk: reference data only.',
  },
  {
    title: 'Results export ran twice overnight',
    description: 'The nightly export delivered every file twice.',
    type: 'INCIDENT',
    impact: 'MEDIUM',
    urgency: 'HIGH',
    path: ['IN_PROGRESS', 'RESOLVED'],
    assign: true,
    comment: 'The scheduler retried a job that had succeeded; fixed and deduplicated.',
  },
];
