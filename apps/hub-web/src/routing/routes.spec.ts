import { emailFromFragment, evaluationPath, matchRoute, needsSignIn } from './routes';

describe('the hub routes', () => {
  it('matches each page, with or without a trailing slash', () => {
    expect(matchRoute('/')).toEqual({ name: 'home' });
    expect(matchRoute('')).toEqual({ name: 'home' });
    expect(matchRoute('/evaluations/0b9c8f5e-1d2a-4c1b-9f3e-2a6d7c8b9e01')).toEqual({
      name: 'evaluation',
      evaluationId: '0b9c8f5e-1d2a-4c1b-9f3e-2a6d7c8b9e01',
    });
    expect(matchRoute('/evaluations/abc/')).toEqual({ name: 'evaluation', evaluationId: 'abc' });
    expect(matchRoute('/service-requests')).toEqual({ name: 'service-requests' });
    expect(matchRoute('/service-requests/65f1c0ffee0000000000beef')).toEqual({
      name: 'service-request',
      requestId: '65f1c0ffee0000000000beef',
    });
  });

  it('sends anything else to the not-found page, including encoded slashes and broken escapes', () => {
    for (const path of [
      '/evaluations',
      '/evaluations/a/b',
      '/evaluations/a%2Fb',
      '/evaluations/%E0%A4%A',
      '/admin',
      '/service-requests/x/y',
    ]) {
      expect({ path, route: matchRoute(path) }).toEqual({ path, route: { name: 'not-found' } });
    }
  });

  it('asks for a sign-in on the persona pages only', () => {
    expect(needsSignIn(matchRoute('/evaluations/x'))).toBe(true);
    expect(needsSignIn(matchRoute('/service-requests'))).toBe(true);
    expect(needsSignIn(matchRoute('/'))).toBe(false);
    expect(needsSignIn(matchRoute('/nowhere'))).toBe(false);
  });

  it('builds paths that match back', () => {
    expect(matchRoute(evaluationPath('a b'))).toEqual({ name: 'evaluation', evaluationId: 'a b' });
  });

  it("reads the invitation's address from the fragment, decoded, and nothing that is not an address", () => {
    expect(emailFromFragment('#email=ada%2Bhub%40example.test')).toBe('ada+hub@example.test');
    expect(emailFromFragment('#email=ada@example.test&x=1')).toBe('ada@example.test');
    expect(emailFromFragment('')).toBeNull();
    expect(emailFromFragment('#email=')).toBeNull();
    expect(emailFromFragment('#email=not-an-address')).toBeNull();
    expect(emailFromFragment('#other=ada@example.test')).toBeNull();
  });
});
