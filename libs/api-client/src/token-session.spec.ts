import { expiryOf, type SessionStore, type TokenPair, TokenSession } from './token-session';

/** A JWT-shaped token (unsigned: the session only reads `exp`). */
const tokenExpiringAt = (seconds: number, tag = 'a'): string =>
  `h.${Buffer.from(JSON.stringify({ exp: seconds, tag })).toString('base64url')}.s`;

const memoryStore = (): SessionStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};

describe('TokenSession', () => {
  const now = 1_000_000_000_000;

  it('reads exp from a token and nothing from a malformed one', () => {
    expect(expiryOf(tokenExpiringAt(1234))).toBe(1_234_000);
    expect(expiryOf('not-a-jwt')).toBeNull();
    expect(expiryOf('a.%%%.b')).toBeNull();
  });

  it('keeps the pair in the tab store across a reload and forgets it on sign-out', () => {
    const store = memoryStore();
    const pair = { accessToken: tokenExpiringAt(now / 1000 + 900), refreshToken: 'r1' };
    const first = new TokenSession({ kind: 'persona', store });
    const changes: boolean[] = [];
    first.subscribe((signedIn) => changes.push(signedIn));
    first.signIn(pair);
    expect(new TokenSession({ kind: 'persona', store }).accessToken()).toBe(pair.accessToken);
    // The other kind's session is its own.
    expect(new TokenSession({ kind: 'account', store }).signedIn).toBe(false);
    first.signOut();
    expect(new TokenSession({ kind: 'persona', store }).signedIn).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('counts a token within the margin of its expiry as expiring', () => {
    const session = new TokenSession({ kind: 'persona', now: () => now });
    expect(session.isExpiring(tokenExpiringAt(now / 1000 + 31))).toBe(false);
    expect(session.isExpiring(tokenExpiringAt(now / 1000 + 29))).toBe(true);
    expect(session.isExpiring(tokenExpiringAt(now / 1000 + 29), 0)).toBe(false);
  });

  it('refreshes once for any number of callers at a time (a second use of a rotated token would end the session)', async () => {
    const session = new TokenSession({ kind: 'persona' });
    session.signIn({ accessToken: 'old', refreshToken: 'r1' });
    const used: string[] = [];
    let release: (pair: TokenPair) => void = () => undefined;
    const refresher = (refreshToken: string) => {
      used.push(refreshToken);
      return new Promise<TokenPair>((resolve) => (release = resolve));
    };
    const callers = [session.refresh(refresher), session.refresh(refresher), session.refresh(refresher)];
    release({ accessToken: 'new', refreshToken: 'r2' });
    expect(await Promise.all(callers)).toEqual(['new', 'new', 'new']);
    expect(used).toEqual(['r1']);
    // The next expiry refreshes again, with the rotated token.
    const next = session.refresh(refresher);
    release({ accessToken: 'newer', refreshToken: 'r3' });
    expect(await next).toBe('newer');
    expect(used).toEqual(['r1', 'r2']);
  });

  it('ends the session when the refresh is refused and keeps it when the refresh failed to arrive', async () => {
    const session = new TokenSession({ kind: 'persona' });
    session.signIn({ accessToken: 'a', refreshToken: 'r1' });
    await expect(session.refresh(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow('Failed to fetch');
    expect(session.refreshToken()).toBe('r1');
    expect(await session.refresh(() => Promise.resolve(null))).toBeNull();
    expect(session.signedIn).toBe(false);
    expect(await session.refresh(() => Promise.resolve({ accessToken: 'x', refreshToken: 'y' }))).toBeNull();
  });

  it('does not take a refresh that settles after a sign-out', async () => {
    const session = new TokenSession({ kind: 'persona' });
    session.signIn({ accessToken: 'a', refreshToken: 'r1' });
    let release: (pair: TokenPair) => void = () => undefined;
    const pending = session.refresh(() => new Promise<TokenPair>((resolve) => (release = resolve)));
    session.signOut();
    release({ accessToken: 'b', refreshToken: 'r2' });
    expect(await pending).toBeNull();
    expect(session.signedIn).toBe(false);
  });
});
