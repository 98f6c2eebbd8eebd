import { attempt } from './app-session';
import { TokenSession } from './token-session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('attempt: one call of the typed client as an outcome a page can show', () => {
  const signedOut = new TokenSession({ kind: 'persona' });
  const signedIn = new TokenSession({ kind: 'persona' });
  signedIn.signIn({ accessToken: 'a.b.c', refreshToken: 'r' });

  it('gives the data and the response of a success', async () => {
    const response = json(200, { id: 1 });
    expect(await attempt(signedIn, () => Promise.resolve({ data: { id: 1 }, response }))).toEqual({ ok: true, data: { id: 1 }, response });
  });

  it('names a 403 a refusal while signed in, and an ended session once the session is gone', async () => {
    const error = { statusCode: 403, error: 'Forbidden', message: 'No' };
    const refused = await attempt(signedIn, () => Promise.resolve({ error, response: json(403, error) }));
    expect(refused).toMatchObject({ ok: false, problem: { kind: 'forbidden', status: 403 } });
    const ended = await attempt(signedOut, () => Promise.resolve({ error, response: json(403, error) }));
    expect(ended).toMatchObject({ ok: false, problem: { kind: 'session-expired', status: 403 } });
  });

  it('turns a failed fetch into a network problem instead of throwing', async () => {
    expect(await attempt(signedIn, () => Promise.reject(new TypeError('Failed to fetch')))).toMatchObject({
      ok: false,
      problem: { kind: 'network', status: 0 },
    });
  });
});
