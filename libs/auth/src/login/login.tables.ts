import { index, integer, type PgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The tables of the passwordless login, created in the schema of the service that runs it: the
 * auth service signs accounts in, the profile service personas. One definition, two owners.
 */
export function createLoginTables(schema: PgSchema) {
  const loginChallenges = schema.table(
    'login_challenges',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      subjectId: text('subject_id').notNull(),
      emailAddress: text('email_address').notNull(),
      codeChallenge: text('code_challenge').notNull(),
      otpHash: text('otp_hash').notNull(),
      otpSalt: text('otp_salt').notNull(),
      /** `short` (six digits) or `long`: only six-digit steps count against the daily guess budget. */
      otpKind: text('otp_kind', { enum: ['short', 'long'] })
        .notNull()
        .default('short'),
      attempts: integer('attempts').notNull().default(0),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      consumedAt: timestamp('consumed_at', { withTimezone: true }),
      supersededAt: timestamp('superseded_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    // Several steps of one subject may be live at once, each with its own code: nobody's login
    // voids another's (docs/adr/0065-sign-in-no-third-party-can-break.md). The budget reads a
    // subject's steps of the last day.
    (table) => [index('login_challenges_subject_created_idx').on(table.subjectId, table.createdAt)],
  );

  const refreshTokens = schema.table(
    'refresh_tokens',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      familyId: uuid('family_id').notNull(),
      tokenHash: text('token_hash').notNull().unique(),
      subjectId: text('subject_id').notNull(),
      /** Set for the token handed out at login: usable only once its challenge is verified. */
      challengeId: uuid('challenge_id'),
      activatedAt: timestamp('activated_at', { withTimezone: true }),
      rotatedAt: timestamp('rotated_at', { withTimezone: true }),
      revokedAt: timestamp('revoked_at', { withTimezone: true }),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      /** The absolute end of the session (the family): set at sign-in, carried by every rotation. */
      sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_challenge_idx').on(table.challengeId)],
  );

  /**
   * One row per key: a sign-in subject's row serialises its logins (the guess budget is read and
   * spent under its lock); a persona's address-change key also counts consecutive wrong
   * confirmation codes and locks for a growing delay (that code reaches only the persona itself).
   */
  const loginThrottles = schema.table('login_throttles', {
    subjectId: text('subject_id').primaryKey(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  });

  return { loginChallenges, refreshTokens, loginThrottles };
}

export type LoginTables = ReturnType<typeof createLoginTables>;
