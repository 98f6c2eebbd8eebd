import type { LoginSubject, LoginSubjects, TokenClaims } from '@teamfit/auth';
import { type PersonaDirectory, signInEmailOf } from '@teamfit/personas';

/**
 * Personas as sign-in subjects. A persona signs in with its own e-mail address, else its user's;
 * its access tokens are `persona` tokens whose subject and `personaId` are the persona's id.
 */
export class PersonaSubjects implements LoginSubjects {
  constructor(private readonly directory: PersonaDirectory) {}

  async findByEmail(emailAddress: string): Promise<LoginSubject | undefined> {
    const persona = await this.directory.findByEmail(emailAddress);
    const signInEmail = persona && signInEmailOf(persona);
    return persona && signInEmail ? { id: persona.id, emailAddress: signInEmail, blocked: persona.status === 'BLOCKED' } : undefined;
  }

  async accessClaims(subjectId: string): Promise<TokenClaims | undefined> {
    const persona = await this.directory.findById(subjectId);
    const emailAddress = persona && signInEmailOf(persona);
    if (!persona || !emailAddress || persona.status === 'BLOCKED') return undefined;
    return { sub: persona.id, kind: 'persona', emailAddress, personaId: persona.id };
  }
}
