import { createApiClient } from './api-client';
import { TokenSession } from './token-session';

const BASE = 'http://gateway.test';

/** A JWT-shaped token (unsigned: the client only reads `exp`). */
const tokenExpiringAt = (seconds: number, tag = 'a'): string =>
  `h.${Buffer.from(JSON.stringify({ exp: seconds, tag })).toString('base64url')}.s`;

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
}

/** The platform's side of each call, answered by `answer`, with every call recorded. */
function platform(answer: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const call = {
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
      body: request.body ? await request.text() : '',
    };
    seen.push(call);
    return answer(call);
  };
  return { seen, fetch: fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = () => json(403, { statusCode: 403, error: 'Forbidden', message: 'Invalid or expired token' });

describe('createApiClient with a session', () => {
  const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

  it('sends the Bearer token of the session', async () => {
    const session = new TokenSession({ kind: 'persona' });
    const access = tokenExpiringAt(inSeconds(900));
    session.signIn({ accessToken: access, refreshToken: 'r1' });
    const api = platform(() => json(200, { items: [], total: 0, page: 1, limit: 10 }));
    const client = createApiClient({ baseUrl: `${BASE}/`, session, fetch: api.fetch });
    const { data } = await client.GET('/hub/service-requests');
    expect(data).toEqual({ items: [], total: 0, page: 1, limit: 10 });
    expect(api.seen).toEqual([{ method: 'GET', path: '/hub/service-requests', authorization: `Bearer ${access}`, body: '' }]);
  });

  it('renews an expired token once before the calls that found it expired, with the persona endpoint', async () => {
    const session = new TokenSession({ kind: 'persona' });
    session.signIn({ accessToken: tokenExpiringAt(inSeconds(-5)), refreshToken: 'r1' });
    const fresh = tokenExpiringAt(inSeconds(900), 'fresh');
    const api = platform((call) =>
      call.path === '/profile/persona/token'
        ? json(200, { accessToken: fresh, refreshToken: 'r2' })
        : json(200, { items: [], progress: { answered: 0, total: 1 } }),
    );
    const client = createApiClient({ baseUrl: BASE, session, fetch: api.fetch });
    const questions = (id: string) => client.GET('/evaluation/evaluation/{id}/questions', { params: { path: { id } } });
    await Promise.all([questions('e1'), questions('e2'), questions('e3')]);
    const refreshes = api.seen.filter((call) => call.path === '/profile/persona/token');
    expect(refreshes).toEqual([{ method: 'POST', path: '/profile/persona/token', authorization: null, body: '{"refreshToken":"r1"}' }]);
    expect(api.seen.filter((call) => call.path !== '/profile/persona/token').map((call) => call.authorization)).toEqual(
      Array(3).fill(`Bearer ${fresh}`),
    );
    expect(session.refreshToken()).toBe('r2');
  });

  it('when the platform refuses a token that expired in flight, renews once and sends the call again, body included', async () => {
    const session = new TokenSession({ kind: 'persona' });
    // Good for a few more seconds by the page's clock, so it is sent; the platform's clock says it expired.
    const old = tokenExpiringAt(inSeconds(-1));
    const fresh = tokenExpiringAt(inSeconds(900), 'fresh');
    session.signIn({ accessToken: old, refreshToken: 'r1' });
    // Sent as it is: the margin is waived so the first call goes out with the old token.
    jest.spyOn(session, 'isExpiring').mockImplementationOnce(() => false);
    const api = platform((call) => {
      if (call.path === '/profile/persona/token') return json(200, { accessToken: fresh, refreshToken: 'r2' });
      return call.authorization === `Bearer ${fresh}` ? json(200, { id: 'e1', status: 'in_progress' }) : refused();
    });
    const client = createApiClient({ baseUrl: BASE, session, fetch: api.fetch });
    const { data, response } = await client.POST('/evaluation/evaluation/{id}/answer', {
      params: { path: { id: 'e1' } },
      body: { questionId: 7, value: 4 },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: 'e1' });
    expect(api.seen.map((call) => [call.path, call.authorization, call.body])).toEqual([
      ['/evaluation/evaluation/e1/answer', `Bearer ${old}`, '{"questionId":7,"value":4}'],
      ['/profile/persona/token', null, '{"refreshToken":"r1"}'],
      ['/evaluation/evaluation/e1/answer', `Bearer ${fresh}`, '{"questionId":7,"value":4}'],
    ]);
  });

  it('leaves a refusal of a good token alone: no renewal, no second call', async () => {
    const session = new TokenSession({ kind: 'persona' });
    session.signIn({ accessToken: tokenExpiringAt(inSeconds(900)), refreshToken: 'r1' });
    const api = platform(() => refused());
    const client = createApiClient({ baseUrl: BASE, session, fetch: api.fetch });
    const { response } = await client.GET('/evaluation/evaluation/{id}', { params: { path: { id: 'someone-else' } } });
    expect(response.status).toBe(403);
    expect(api.seen).toHaveLength(1);
    expect(session.signedIn).toBe(true);
  });

  it('ends the session when the renewal is refused, answering 401 without sending the call; the account kind renews at /auth/token', async () => {
    const session = new TokenSession({ kind: 'account' });
    session.signIn({ accessToken: tokenExpiringAt(inSeconds(-60)), refreshToken: 'r1' });
    const ended: boolean[] = [];
    session.subscribe((signedIn) => ended.push(signedIn));
    const api = platform((call) =>
      call.path === '/auth/token' ? refused() : json(401, { statusCode: 401, error: 'Unauthorized', message: 'Missing token' }),
    );
    const client = createApiClient({ baseUrl: BASE, session, fetch: api.fetch });
    const { response } = await client.GET('/organisation/account');
    expect(response.status).toBe(401);
    // The call itself is not sent: without a session it could only be refused.
    expect(api.seen.map((call) => [call.path, call.authorization])).toEqual([['/auth/token', null]]);
    expect(ended).toEqual([false]);
  });
});
