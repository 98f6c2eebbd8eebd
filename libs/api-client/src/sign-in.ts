import type { PlatformClient } from './api-client';
import { type ApiProblem, problemOf } from './api-problem';
import { createPkcePair, type WebCrypto } from './pkce';
import type { TokenSession } from './token-session';

export type SignInResult = { ok: true } | { ok: false; problem: ApiProblem };

/** What the code step needs from the e-mail step; kept in the page's memory only. */
interface PendingLogin {
  emailAddress: string;
  loginToken: string;
  verifier: string;
}

/**
 * The e-mailed-code sign-in (docs/contract.md): the login step sends the PKCE challenge and
 * e-mails a code; the verify step proves the code with the login step's token and the verifier,
 * and the session receives the pair. The session's kind picks the persona or account endpoints.
 */
export class SignInFlow {
  private pending: PendingLogin | null = null;

  constructor(
    private readonly client: PlatformClient,
    private readonly session: TokenSession,
    private readonly crypto: WebCrypto = globalThis.crypto,
  ) {}

  /** The address a code was last sent to, until it is proven or the flow starts over. */
  get emailAddress(): string | null {
    return this.pending?.emailAddress ?? null;
  }

  async requestCode(emailAddress: string): Promise<SignInResult> {
    const { verifier, challenge } = await createPkcePair(this.crypto);
    const body = { emailAddress, codeChallenge: challenge };
    const { data, error, response } =
      this.session.kind === 'persona'
        ? await this.client.POST('/profile/persona/login', { body })
        : await this.client.POST('/auth/login', { body });
    if (!data) return { ok: false, problem: problemOf(response, error) };
    this.pending = { emailAddress, loginToken: data.accessToken, verifier };
    return { ok: true };
  }

  async verify(otp: string): Promise<SignInResult> {
    const pending = this.pending;
    if (!pending) return { ok: false, problem: { kind: 'sign-in-again', status: 0, message: '' } };
    const init = {
      body: { otp: otp.trim(), codeVerifier: pending.verifier },
      headers: { Authorization: `Bearer ${pending.loginToken}` },
    };
    const { data, error, response } =
      this.session.kind === 'persona'
        ? await this.client.POST('/profile/persona/verify', init)
        : await this.client.POST('/auth/verify', init);
    if (!data) {
      const problem = problemOf(response, error);
      // The login step's token is spent or void (401/403, or five wrong tries): a new code is needed.
      if (problem.kind !== 'session-expired' && problem.kind !== 'forbidden') return { ok: false, problem };
      this.pending = null;
      return { ok: false, problem: { ...problem, kind: 'sign-in-again' } };
    }
    this.pending = null;
    this.session.signIn({ accessToken: data.accessToken, refreshToken: data.refreshToken });
    return { ok: true };
  }

  /** Back to the e-mail step. */
  restart(): void {
    this.pending = null;
  }

  /** Ends the session here and on the platform (its refresh token and every one rotated from it). */
  async signOut(): Promise<void> {
    const refreshToken = this.session.refreshToken();
    this.session.signOut();
    if (!refreshToken) return;
    const body = { refreshToken };
    try {
      if (this.session.kind === 'persona') await this.client.POST('/profile/persona/logout', { body });
      else await this.client.POST('/auth/logout', { body });
    } catch {
      // Offline: the tokens are gone from the tab; the refresh token expires on its own.
    }
  }
}
