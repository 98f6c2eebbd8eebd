import { signInEmailOf } from './persona-directory';

describe('signInEmailOf', () => {
  it('signInEmailOf prefers the persona address and falls back to the user address', () => {
    expect(signInEmailOf({ emailAddress: 'p@example.test', userEmailAddress: 'u@example.test' })).toBe('p@example.test');
    expect(signInEmailOf({ emailAddress: null, userEmailAddress: 'u@example.test' })).toBe('u@example.test');
    expect(signInEmailOf({ emailAddress: null, userEmailAddress: null })).toBeUndefined();
  });
});
