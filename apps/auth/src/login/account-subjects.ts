import type { AccountDirectory } from '@teamfit/accounts';
import type { LoginSubject, LoginSubjects, TokenClaims } from '@teamfit/auth';

/** Accounts as sign-in subjects, read through the organisation service's directory. */
export class AccountSubjects implements LoginSubjects {
  constructor(private readonly directory: AccountDirectory) {}

  async findByEmail(emailAddress: string): Promise<LoginSubject | undefined> {
    const account = await this.directory.findByEmail(emailAddress);
    return account && { id: account.id, emailAddress: account.emailAddress, blocked: account.status === 'BLOCKED' };
  }

  async accessClaims(subjectId: string): Promise<TokenClaims | undefined> {
    const account = await this.directory.findById(subjectId);
    if (!account || account.status === 'BLOCKED') return undefined;
    return { sub: account.id, kind: 'account', emailAddress: account.emailAddress, isAdmin: account.isAdmin };
  }
}
