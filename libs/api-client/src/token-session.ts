/** Who signs in: a persona (the hub) or an account (the admin console). */
export type SessionKind = 'persona' | 'account';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** The part of the Web Storage API a session needs; `sessionStorage` fits, a Map-backed object in tests. */
export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Exchanges a refresh token for a new pair. Resolves null when the platform refuses it (the
 * session ended: expired, revoked or re-used token); rejects on a network failure, which leaves
 * the session as it was so the next call can try again.
 */
export type Refresher = (refreshToken: string) => Promise<TokenPair | null>;

/** Seconds before its expiry at which an access token is renewed instead of sent. */
export const REFRESH_MARGIN_SECONDS = 30;

/** The `exp` claim of a JWT in milliseconds, or null when the token carries none it can read. */
export function expiryOf(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export interface TokenSessionOptions {
  kind: SessionKind;
  /** Where the pair survives a reload of the tab; nothing outlives the tab (`sessionStorage`). */
  store?: SessionStore;
  now?: () => number;
}

type Listener = (signedIn: boolean) => void;

/**
 * The signed-in state of one tab: the token pair in memory, mirrored to the tab's session storage
 * so a reload keeps it, and one refresh at a time however many calls find the token expired.
 */
export class TokenSession {
  readonly kind: SessionKind;
  private pair: TokenPair | null;
  private refreshing: Promise<string | null> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly store: SessionStore | undefined;
  private readonly now: () => number;
  private readonly key: string;

  constructor(options: TokenSessionOptions) {
    this.kind = options.kind;
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.key = `teamfit.${options.kind}.session`;
    this.pair = this.read();
  }

  get signedIn(): boolean {
    return this.pair !== null;
  }

  accessToken(): string | null {
    return this.pair?.accessToken ?? null;
  }

  refreshToken(): string | null {
    return this.pair?.refreshToken ?? null;
  }

  /** True when the token is past, or within the margin of, its expiry. */
  isExpiring(token: string, marginSeconds = REFRESH_MARGIN_SECONDS): boolean {
    const expiry = expiryOf(token);
    return expiry !== null && expiry - marginSeconds * 1000 <= this.now();
  }

  signIn(pair: TokenPair): void {
    this.set(pair);
  }

  signOut(): void {
    this.set(null);
  }

  /** Called with true on sign-in and false when the session ends (sign-out, refused refresh). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A fresh access token from `refresher`, shared by every caller until it settles: the platform
   * rotates refresh tokens and treats a second use of one as theft, so two refreshes with the
   * same token would end the session. Resolves null when there is no session or it ended.
   */
  refresh(refresher: Refresher): Promise<string | null> {
    if (this.refreshing) return this.refreshing;
    const refreshToken = this.pair?.refreshToken;
    if (!refreshToken) return Promise.resolve(null);
    this.refreshing = (async () => {
      try {
        const pair = await refresher(refreshToken);
        // A sign-out while the refresh ran wins: its answer is not taken.
        if (this.pair?.refreshToken !== refreshToken) return this.pair?.accessToken ?? null;
        this.set(pair);
        return pair?.accessToken ?? null;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private set(pair: TokenPair | null): void {
    const was = this.pair !== null;
    this.pair = pair;
    try {
      if (pair) this.store?.setItem(this.key, JSON.stringify(pair));
      else this.store?.removeItem(this.key);
    } catch {
      // Storage may be full or refused (private modes): the session then lives in memory only.
    }
    if (was !== (pair !== null)) for (const listener of this.listeners) listener(pair !== null);
  }

  private read(): TokenPair | null {
    try {
      const raw = this.store?.getItem(this.key);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Partial<TokenPair>;
      return typeof parsed.accessToken === 'string' && typeof parsed.refreshToken === 'string'
        ? { accessToken: parsed.accessToken, refreshToken: parsed.refreshToken }
        : null;
    } catch {
      return null;
    }
  }
}
