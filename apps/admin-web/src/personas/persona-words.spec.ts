import type { Schemas } from '@teamfit/api-client';
import { isPersonaStatus, personaName, signInAddressOf } from './persona-words';

const user = (changes: Partial<Schemas['PersonaUserDto']> = {}): Schemas['PersonaUserDto'] => ({
  id: 1,
  firstName: null,
  lastName: null,
  username: null,
  emailAddress: null,
  ...changes,
});

describe('how the console names a persona', () => {
  it('prefers the full name, then the username, then an address, then the role title', () => {
    expect(
      personaName({ user: user({ firstName: 'Ada', lastName: 'Lovelace', username: 'countess' }), emailAddress: null, role: 'Engineer' }),
    ).toBe('Ada Lovelace');
    expect(personaName({ user: user({ lastName: 'Hopper' }), emailAddress: null, role: 'Engineer' })).toBe('Hopper');
    expect(personaName({ user: user({ firstName: '  ', username: 'countess' }), emailAddress: 'a@example.test', role: 'Engineer' })).toBe(
      'countess',
    );
    expect(personaName({ user: user({ emailAddress: 'u@example.test' }), emailAddress: 'p@example.test', role: 'Engineer' })).toBe(
      'p@example.test',
    );
    expect(personaName({ user: user({ emailAddress: 'u@example.test' }), emailAddress: null, role: 'Engineer' })).toBe('u@example.test');
    expect(personaName({ user: user(), emailAddress: null, role: 'Engineer' })).toBe('Engineer');
  });

  it("takes the persona's own address to sign in, else its user's", () => {
    expect(signInAddressOf({ user: user({ emailAddress: 'u@example.test' }), emailAddress: 'p@example.test' })).toBe('p@example.test');
    expect(signInAddressOf({ user: user({ emailAddress: 'u@example.test' }), emailAddress: null })).toBe('u@example.test');
    expect(signInAddressOf({ user: user(), emailAddress: null })).toBeNull();
  });

  it('knows the statuses the API knows, spelled as it spells them', () => {
    expect(isPersonaStatus('ACTIVE')).toBe(true);
    expect(isPersonaStatus('active')).toBe(false);
    expect(isPersonaStatus(undefined)).toBe(false);
  });
});
