import { Injectable } from '@nestjs/common';
import { AccountDirectory } from '@teamfit/accounts';
import { LoginRepository, PasswordlessLogin, TokenSigner, type TokenPair, type VerifiedToken } from '@teamfit/auth';
import { type Clock, InjectClock, notFound } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { Mailer, oneTimePasswordMail } from '@teamfit/mail';
import { AccountSubjects } from './account-subjects';
import type { SignedInAccountDto } from './login.dto';

/** Account sign-in: the shared passwordless flow, with accounts as its subjects. */
@Injectable()
export class LoginService {
  private readonly flow: PasswordlessLogin;
  private readonly directory: AccountDirectory;

  constructor(@InjectDatabase() db: Database, signer: TokenSigner, mailer: Mailer, @InjectClock() now: Clock, loginRows: LoginRepository) {
    this.directory = new AccountDirectory(db);
    this.flow = new PasswordlessLogin({
      db,
      rows: loginRows,
      signer,
      subjects: new AccountSubjects(this.directory),
      deliverOtp: (to, otp, minutes) => mailer.send(oneTimePasswordMail(to, otp, minutes)),
      loginTokenKind: 'login',
      subjectName: 'account',
      now,
    });
  }

  login(emailAddress: string, codeChallenge: string): Promise<TokenPair> {
    return this.flow.login(emailAddress, codeChallenge);
  }

  async verify(loginToken: VerifiedToken, otp: string, codeVerifier: string): Promise<TokenPair & { account: SignedInAccountDto }> {
    const { accessToken, refreshToken, subjectId } = await this.flow.verify(loginToken, otp, codeVerifier);
    const account = await this.directory.findById(subjectId);
    if (!account) throw notFound('Account');
    const { id, emailAddress, firstName, lastName, isAdmin } = account;
    return { accessToken, refreshToken, account: { id, emailAddress, firstName, lastName, isAdmin } };
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.flow.refresh(refreshToken);
  }

  logout(refreshToken: string): Promise<void> {
    return this.flow.logout(refreshToken);
  }
}
