import { loggedCallerOf } from './logged-caller';

describe('loggedCallerOf', () => {
  const persona = '6f1d3c2a-8b7e-4c5d-9a0b-1c2d3e4f5a6b';
  const account = '00000000-0000-4000-8000-000000000002';

  it("names a persona's access token by its persona id", () => {
    expect(loggedCallerOf({ principal: { kind: 'persona', sub: persona, personaId: persona } })).toEqual({
      callerKind: 'persona',
      callerId: persona,
    });
  });

  it('names an account by its id, as an administrator only when its token carries the rights', () => {
    expect(loggedCallerOf({ principal: { kind: 'account', sub: account, isAdmin: true } })).toEqual({
      callerKind: 'administrator',
      callerId: account,
    });
    expect(loggedCallerOf({ principal: { kind: 'account', sub: account, isAdmin: false } })).toEqual({
      callerKind: 'account',
      callerId: account,
    });
    expect(loggedCallerOf({ principal: { kind: 'account', sub: account } })).toEqual({ callerKind: 'account', callerId: account });
  });

  it('names nobody without a verified access token: none at all, or a sign-in step’s', () => {
    const nobody = { callerKind: null, callerId: null };
    expect(loggedCallerOf({})).toEqual(nobody);
    expect(loggedCallerOf({ principal: { kind: 'persona-login', sub: persona, personaId: persona } })).toEqual(nobody);
    expect(loggedCallerOf({ principal: { kind: 'login', sub: account } })).toEqual(nobody);
  });
});
