import { IdentityScrubber } from './identity-scrubber';

describe('IdentityScrubber', () => {
  const identity = {
    personaId: '5f0c6a1e-2b7d-4c1a-9e3f-0a1b2c3d4e5f',
    userNumber: 7,
    emailAddresses: ['ada.l@example.test'],
    names: ['Ada', 'Lovelace', 'x'],
  };
  const scrubber = new IdentityScrubber(identity);

  it('replaces the id and addresses wherever they are, ignoring case, also URL-encoded', () => {
    expect(scrubber.scrubText('/persona/5F0C6A1E-2B7D-4C1A-9E3F-0A1B2C3D4E5F/erase')).toBe('/persona/[erased]/erase');
    expect(scrubber.scrubText('mail ADA.L@example.test now')).toBe('mail [erased] now');
    expect(scrubber.scrubText('/persona?email=ada.l%40example.test')).toBe('/persona?email=[erased]');
  });

  it('replaces names as whole words only, and leaves names shorter than two characters alone', () => {
    expect(scrubber.scrubText('Ada wrote: ask ada lovelace, not Adam or Canada')).toBe(
      '[erased] wrote: ask [erased] [erased], not Adam or Canada',
    );
    expect(scrubber.scrubText('x marks the spot')).toBe('x marks the spot');
    expect(scrubber.finds('Annual report by Adam')).toBe(false);
    expect(scrubber.finds('Dear Ada,')).toBe(true);
  });

  it('scrubs every string and key of a JSON value, and says whether one held the identity', () => {
    const body = {
      user: { firstName: 'Ada', emailAddress: 'ada.l@example.test' },
      members: ['5f0c6a1e-2b7d-4c1a-9e3f-0a1b2c3d4e5f', 'other'],
      n: 3,
      Ada: true,
    };
    expect(scrubber.findsInJson(body)).toBe(true);
    expect(scrubber.scrubJson(body)).toEqual({
      user: { firstName: '[erased]', emailAddress: '[erased]' },
      members: ['[erased]', 'other'],
      n: 3,
      '[erased]': true,
    });
    expect(scrubber.findsInJson({ title: 'Printer broken', count: 2 })).toBe(false);
  });

  it('exactOnly leaves names (which may be someone else’s) and scrubs the id and addresses', () => {
    const exact = new IdentityScrubber(identity, { exactOnly: true });
    expect(exact.scrubText('Ada at ada.l@example.test')).toBe('Ada at [erased]');
  });

  it('gives ILIKE patterns with LIKE wildcards escaped', () => {
    const odd = new IdentityScrubber({ ...identity, emailAddresses: ['a_b%c@example.test'], names: [] });
    expect(odd.likePatterns).toContain('%a\\_b\\%c@example.test%');
    expect(odd.likePatterns).toContain(`%${identity.personaId}%`);
  });
});
