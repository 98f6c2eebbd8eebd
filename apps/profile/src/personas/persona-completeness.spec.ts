import { COMPLETENESS_FIELDS, type CompletenessInput, completenessOf } from './persona-completeness';

const EMPTY: CompletenessInput = {
  userFirstName: null,
  userLastName: null,
  emailAddress: null,
  profileBio: null,
  contactNumber: null,
  linkedinProfile: null,
  linkedinProfileUrl: null,
  portfolioUrl: null,
  xHandler: null,
  resumeContent: null,
};

const FULL: CompletenessInput = {
  userFirstName: 'Ada',
  userLastName: 'Lovelace',
  emailAddress: 'ada@example.test',
  profileBio: 'Analyst',
  contactNumber: '+44 20 7946 0000',
  linkedinProfile: 'ada',
  linkedinProfileUrl: null,
  portfolioUrl: 'https://ada.example.test',
  xHandler: '@ada',
  resumeContent: 'Notes on the Analytical Engine',
};

/** The input with exactly the first `count` of the nine fields filled. */
function withFilled(count: number): CompletenessInput {
  const keys: Array<keyof CompletenessInput> = [
    'userFirstName',
    'userLastName',
    'emailAddress',
    'profileBio',
    'contactNumber',
    'linkedinProfile',
    'portfolioUrl',
    'xHandler',
    'resumeContent',
  ];
  const input: CompletenessInput = { ...EMPTY };
  for (const key of keys.slice(0, count)) input[key] = FULL[key];
  return input;
}

describe('persona completeness', () => {
  it('is 0 and incomplete with nothing filled, every field false', () => {
    expect(completenessOf(EMPTY)).toEqual({
      completeness: 0,
      isComplete: false,
      fields: {
        firstName: false,
        lastName: false,
        emailAddress: false,
        profileBio: false,
        contactNumber: false,
        linkedinProfile: false,
        portfolioURL: false,
        xHandler: false,
        resumeContent: false,
      },
    });
  });

  it('is 100 and complete with all nine fields filled', () => {
    const result = completenessOf(FULL);
    expect(result.completeness).toBe(100);
    expect(result.isComplete).toBe(true);
    expect(Object.values(result.fields)).toEqual(Array(9).fill(true));
  });

  it.each([
    [1, 11],
    [2, 22],
    [3, 33],
    [4, 44],
    [5, 56],
    [6, 67],
    [7, 78],
    [8, 89],
    [9, 100],
  ])('counts %i of nine fields as %i percent, an integer', (count, percent) => {
    const result = completenessOf(withFilled(count));
    expect(result.completeness).toBe(percent);
    expect(Number.isInteger(result.completeness)).toBe(true);
    expect(result.isComplete).toBe(count === 9);
    expect(Object.values(result.fields).filter(Boolean)).toHaveLength(count);
  });

  it('counts linkedinProfile when only the URL is set', () => {
    const result = completenessOf({ ...EMPTY, linkedinProfileUrl: 'https://www.linkedin.com/in/ada' });
    expect(result.fields.linkedinProfile).toBe(true);
    expect(result.completeness).toBe(11);
  });

  it('does not count empty or blank strings', () => {
    const result = completenessOf({ ...FULL, profileBio: '', xHandler: '   ' });
    expect(result.fields.profileBio).toBe(false);
    expect(result.fields.xHandler).toBe(false);
    expect(result.completeness).toBe(78);
    expect(result.isComplete).toBe(false);
  });

  it('checks exactly the nine fields of the rule, roles not among them', () => {
    expect([...COMPLETENESS_FIELDS]).toEqual([
      'firstName',
      'lastName',
      'emailAddress',
      'profileBio',
      'contactNumber',
      'linkedinProfile',
      'portfolioURL',
      'xHandler',
      'resumeContent',
    ]);
    expect(Object.keys(completenessOf(FULL).fields)).toEqual([...COMPLETENESS_FIELDS]);
  });
});
