import { Injectable } from '@nestjs/common';
import { LoginRepository, PasswordlessLogin, TokenSigner, type TokenPair, type VerifiedToken } from '@teamfit/auth';
import { type Clock, InjectClock, notFound } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { Mailer, oneTimePasswordMail } from '@teamfit/mail';
import { PersonaDirectory, signInEmailOf } from '@teamfit/personas';
import type { SignedInPersonaDto } from './persona-login.dto';
import { PersonaSubjects } from './persona-subjects';

/** Persona sign-in: the shared passwordless flow (libs/auth), with personas as its subjects. */
@Injectable()
export class PersonaLoginService {
  private readonly flow: PasswordlessLogin;
  private readonly directory: PersonaDirectory;

  constructor(
    @InjectDatabase() db: Database,
    private readonly signer: TokenSigner,
    mailer: Mailer,
    @InjectClock() now: Clock,
    loginRows: LoginRepository,
  ) {
    this.directory = new PersonaDirectory(db);
    this.flow = new PasswordlessLogin({
      db,
      rows: loginRows,
      signer,
      subjects: new PersonaSubjects(this.directory),
      deliverOtp: (to, otp, minutes) => mailer.send(oneTimePasswordMail(to, otp, minutes)),
      loginTokenKind: 'persona-login',
      subjectName: 'persona',
      now,
    });
  }

  /**
   * Starts a sign-in. The login-step token carries `personaId` as well as
   * `emailAddress`; the shared flow signs only the subject (the persona id), so the token is
   * re-issued here with the same claims, lifetime and challenge, plus `personaId`.
   */
  async login(emailAddress: string, codeChallenge: string): Promise<TokenPair> {
    const pair = await this.flow.login(emailAddress, codeChallenge);
    const issued = this.signer.verify(pair.accessToken);
    const { sub, kind, challengeId } = issued;
    const accessToken = this.signer.sign(
      { sub, kind, emailAddress: issued.emailAddress, challengeId, personaId: sub },
      issued.exp - issued.iat,
    );
    return { accessToken, refreshToken: pair.refreshToken };
  }

  async verify(loginToken: VerifiedToken, otp: string, codeVerifier: string): Promise<TokenPair & { persona: SignedInPersonaDto }> {
    // A persona deleted since its login is "not found" (404), not merely refused.
    if (!(await this.directory.findById(loginToken.sub))) throw notFound('Persona');
    const { accessToken, refreshToken, subjectId } = await this.flow.verify(loginToken, otp, codeVerifier);
    const persona = await this.directory.findById(subjectId);
    const emailAddress = persona && signInEmailOf(persona);
    if (!persona || !emailAddress) throw notFound('Persona');
    return {
      accessToken,
      refreshToken,
      persona: {
        id: persona.id,
        role: persona.role,
        emailAddress,
        user: { id: persona.userNumber, firstName: persona.userFirstName, lastName: persona.userLastName, username: persona.userUsername },
      },
    };
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.flow.refresh(refreshToken);
  }

  logout(refreshToken: string): Promise<void> {
    return this.flow.logout(refreshToken);
  }
}
