import type { Schemas } from '@teamfit/api-client';
import { accessBody, createBody, EMPTY_PERSONA_FORM, formValuesOf, updateBody } from './persona-form-values';

const persona: Schemas['PersonaDto'] = {
  id: '0b9c8f5e-1d2a-4c1b-9f3e-2a6d7c8b9e01',
  user_id: '1b9c8f5e-1d2a-4c1b-9f3e-2a6d7c8b9e01',
  user: { id: 7, firstName: 'Ada', lastName: null, username: 'countess', emailAddress: null },
  role: 'Engineer',
  roles: ['CANDIDATE'],
  status: 'PENDING',
  description: 'Builds engines',
  emailAddress: 'ada@example.test',
  profileBio: null,
  contactNumber: null,
  linkedinProfile: null,
  linkedinProfileUrl: null,
  personalWebsite: null,
  portfolioURL: null,
  xHandler: null,
  instagramHandler: null,
  resumeContent: null,
  verifiedEmail: false,
  verified: false,
  isCandidate: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the persona form and the API bodies', () => {
  it('creates with the filled fields only, trimmed, under the given user', () => {
    const body = createBody(
      { ...EMPTY_PERSONA_FORM, firstName: ' Ada ', role: ' Engineer ', description: 'x', emailAddress: '  ' },
      'user-1',
    );
    expect(body).toEqual({
      user_id: 'user-1',
      role: 'Engineer',
      description: 'x',
      user: { firstName: 'Ada' },
      roles: ['CANDIDATE'],
      status: 'ACTIVE',
    });
  });

  it('updates every field the form shows, clearing emptied ones with null', () => {
    const values = { ...formValuesOf(persona), emailAddress: '', lastName: 'Lovelace' };
    expect(updateBody(values)).toEqual({
      role: 'Engineer',
      description: 'Builds engines',
      emailAddress: null,
      contactNumber: null,
      user: { firstName: 'Ada', lastName: 'Lovelace', username: 'countess' },
    });
  });

  it('changes roles and status only when they changed, in any order', () => {
    expect(accessBody(persona, formValuesOf(persona))).toBeNull();
    expect(accessBody({ ...persona, roles: ['HR', 'CANDIDATE'] }, { ...formValuesOf(persona), roles: ['CANDIDATE', 'HR'] })).toBeNull();
    expect(accessBody(persona, { ...formValuesOf(persona), status: 'ACTIVE' })).toEqual({ roles: ['CANDIDATE'], status: 'ACTIVE' });
    expect(accessBody(persona, { ...formValuesOf(persona), roles: [] })).toEqual({ roles: [], status: 'PENDING' });
  });
});
