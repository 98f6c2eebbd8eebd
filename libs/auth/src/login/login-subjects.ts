import type { TokenClaims } from '../tokens/token-claims';

/** Who can sign in: accounts in the auth service, personas in the profile service. */
export interface LoginSubject {
  id: string;
  emailAddress: string;
  blocked: boolean;
}

export interface LoginSubjects {
  findByEmail(emailAddress: string): Promise<LoginSubject | undefined>;
  /** Claims for a new access token, read fresh each time; undefined when the subject is gone or blocked. */
  accessClaims(subjectId: string): Promise<TokenClaims | undefined>;
}
