import { createHash } from 'node:crypto';
import { createApiClient } from './api-client';
import { SignInFlow } from './sign-in';
import { TokenSession } from './token-session';

interface Seen {
  path: string;
  authorization: string | null;
  body: Record<string, string>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The platform's sign-in steps: a login token per login, the code 123456, the verifier checked against the challenge. */
function signInPlatform(prefix: '/profile/persona' | '/auth') {
  const seen: Seen[] = [];
  let challenge = '';
  const fetch = async (input: Request | string | URL): Promise<Response> => {
    const request = input as Request;
    const call = {
      path: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
      body: (await request.json()) as Record<string, string>,
    };
    seen.push(call);
    if (call.path === `${prefix}/login`) {
      challenge = call.body['codeChallenge'] ?? '';
      return json(200, { accessToken: 'login-token', refreshToken: 'unusable' });
    }
    if (call.path === `${prefix}/verify`) {
      if (call.authorization !== 'Bearer login-token')
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'Missing login token' });
      const proven =
        createHash('sha256')
          .update(call.body['codeVerifier'] ?? '')
          .digest('base64url') === challenge;
      if (call.body['otp'] !== '123456' || !proven) return json(400, { statusCode: 400, error: 'Bad Request', message: 'Invalid code' });
      return json(200, { accessToken: 'access', refreshToken: 'refresh', error: false, message: 'Signed in', persona: {} });
    }
    if (call.path === `${prefix}/logout`) return new Response(null, { status: 204 });
    return json(404, { statusCode: 404, error: 'Not Found', message: 'Cannot POST' });
  };
  return { seen, fetch: fetch };
}

describe('SignInFlow', () => {
  it('signs a persona in: the login step with a PKCE challenge, the code with its verifier and the login token', async () => {
    const platform = signInPlatform('/profile/persona');
    const session = new TokenSession({ kind: 'persona' });
    const flow = new SignInFlow(createApiClient({ baseUrl: 'http://gateway.test', fetch: platform.fetch }), session);
    expect(await flow.requestCode('ada@example.test')).toEqual({ ok: true });
    expect(flow.emailAddress).toBe('ada@example.test');
    const wrong = await flow.verify('000000');
    expect(wrong).toMatchObject({ ok: false, problem: { kind: 'invalid', status: 400 } });
    expect(session.signedIn).toBe(false);
    expect(await flow.verify(' 123456 ')).toEqual({ ok: true });
    expect(session.accessToken()).toBe('access');
    expect(flow.emailAddress).toBeNull();
    expect(platform.seen.map((call) => [call.path, call.authorization])).toEqual([
      ['/profile/persona/login', null],
      ['/profile/persona/verify', 'Bearer login-token'],
      ['/profile/persona/verify', 'Bearer login-token'],
    ]);

    await flow.signOut();
    expect(session.signedIn).toBe(false);
    expect(platform.seen.at(-1)).toEqual({ path: '/profile/persona/logout', authorization: null, body: { refreshToken: 'refresh' } });
  });

  it('asks for a new code when the login step is void, and uses the account endpoints for accounts', async () => {
    const platform = signInPlatform('/auth');
    const session = new TokenSession({ kind: 'account' });
    const flow = new SignInFlow(createApiClient({ baseUrl: 'http://gateway.test', fetch: platform.fetch }), session);
    expect(await flow.verify('123456')).toMatchObject({ ok: false, problem: { kind: 'sign-in-again' } });
    await flow.requestCode('root@example.test');
    expect(platform.seen[0]?.path).toBe('/auth/login');
    expect(await flow.verify('123456')).toEqual({ ok: true });
    expect(session.refreshToken()).toBe('refresh');
  });
});
