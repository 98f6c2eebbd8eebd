import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import { profileAppModule, type ProfileAppOptions } from '../src/profile-app.module';

/** A persona as the service answers it (docs/profile.md, "Data"). */
export interface Persona {
  id: string;
  user_id: string;
  user: { id: number; firstName: string | null; lastName: string | null; username: string | null; emailAddress: string | null };
  role: string;
  roles: string[];
  status: string;
  description: string;
  emailAddress: string | null;
  profileBio: string | null;
  contactNumber: string | null;
  linkedinProfile: string | null;
  linkedinProfileUrl: string | null;
  personalWebsite: string | null;
  portfolioURL: string | null;
  xHandler: string | null;
  instagramHandler: string | null;
  resumeContent: string | null;
  verifiedEmail: boolean;
  verified: boolean;
  isCandidate: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One profile service on its own database, with the tokens its tests mint. */
export interface ProfileHarness {
  tokens: TestTokens;
  database: TestDatabase;
  service: RunningTestService;
  /** Bearer headers: an administrator account, a non-administrator account. */
  admin: string;
  member: string;
  persona(personaId: string, emailAddress?: string): string;
  close(): Promise<void>;
}

export async function startProfile(options: { env?: Record<string, string>; app?: ProfileAppOptions } = {}): Promise<ProfileHarness> {
  const tokens = new TestTokens();
  const database = await createTestDatabase();
  const service = await startTestService('profile', (config) => profileAppModule(config, options.app), {
    databaseUrl: database.url,
    keys: tokens.keys,
    env: options.env ?? {},
  });
  return {
    tokens,
    database,
    service,
    admin: `Bearer ${tokens.admin()}`,
    member: `Bearer ${tokens.account()}`,
    persona: (personaId, emailAddress = 'persona@example.test') =>
      `Bearer ${tokens.mint({ sub: personaId, kind: 'persona', emailAddress, personaId })}`,
    close: async () => {
      await service.close();
      await database.drop();
    },
  };
}

/** Runs one query on a test database (for checking what is stored, never for the code under test). */
export async function queryRows<T extends Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
