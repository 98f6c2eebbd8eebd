// Signs in as the administrator the way a person does: POST /auth/login with a PKCE challenge, the
// one-time password read from MailDev's inbox API, POST /auth/verify with the code and verifier.
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { GatewayClient } from './gateway-client';

const CODE = /sign-in code: (\d{6}|[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})/;

interface CaughtMail {
  subject?: string;
  time?: string;
  to?: Array<{ address?: string }>;
}

export interface AdminSession {
  accessToken: string;
  accountId: string;
}

/** The newest code mailed to `email` since `since` (ms), waiting up to five seconds for it to arrive. */
async function codeFromMailDev(mailApiUrl: string, email: string, since: number): Promise<string> {
  const wanted = email.toLowerCase();
  for (let tries = 0; tries < 20; tries += 1) {
    const response = await fetch(mailApiUrl);
    if (!response.ok) throw new Error(`MailDev at ${mailApiUrl} answered ${response.status}`);
    const mails = (await response.json()) as CaughtMail[];
    const newest = mails
      .filter((mail) => CODE.test(mail.subject ?? '') && Date.parse(mail.time ?? '') >= since)
      .filter((mail) => (mail.to ?? []).some((to) => to.address?.toLowerCase() === wanted))
      .sort((a, b) => Date.parse(b.time ?? '') - Date.parse(a.time ?? ''))[0];
    const code = newest && CODE.exec(newest.subject ?? '')?.[1];
    if (code) return code;
    await sleep(250);
  }
  throw new Error(`no sign-in code for ${email} arrived at ${mailApiUrl}`);
}

export async function signInAsAdmin(client: GatewayClient, mailApiUrl: string, email: string): Promise<AdminSession> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  // MailDev stamps a message when it receives it; a little slack for clocks read a moment apart.
  const since = Date.now() - 2000;
  const login = await client.post<{ accessToken: string }>('/auth/login', {
    body: { emailAddress: email, codeChallenge: challenge },
    expect: [200],
  });
  const otp = await codeFromMailDev(mailApiUrl, email, since);
  const verified = await client.post<{ accessToken: string; account: { id: string; isAdmin: boolean } }>('/auth/verify', {
    body: { otp, codeVerifier: verifier },
    token: login.body.accessToken,
    expect: [200],
  });
  if (!verified.body.account.isAdmin) throw new Error(`${email} is not an administrator`);
  return { accessToken: verified.body.accessToken, accountId: verified.body.account.id };
}
