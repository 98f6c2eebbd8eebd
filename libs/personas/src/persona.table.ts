import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profileSchema } from './profile-schema';

export const PERSONA_ROLES = ['EMPLOYEE', 'CANDIDATE', 'HR', 'TEAM_MANAGER', 'MANAGER'] as const;
export type PersonaRole = (typeof PERSONA_ROLES)[number];

export const PERSONA_STATUSES = ['ACTIVE', 'BLOCKED', 'PENDING'] as const;
export type PersonaStatus = (typeof PERSONA_STATUSES)[number];

/**
 * Personas (docs/profile.md, "Data"). The nested `user` object is stored as `user_*` columns; its integer
 * id (the algorithm user id) is an identity column "by default", so PostgreSQL's sequence assigns
 * it unless the creator gives one. Optional profile fields are nullable: null means "not set".
 */
export const personas = profileSchema.table(
  'personas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    userNumber: integer('user_number').notNull().generatedByDefaultAsIdentity(),
    userFirstName: text('user_first_name'),
    userLastName: text('user_last_name'),
    userUsername: text('user_username'),
    userEmailAddress: text('user_email_address'),
    role: text('role').notNull(),
    roles: text('roles', { enum: PERSONA_ROLES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: PERSONA_STATUSES }).notNull().default('PENDING'),
    description: text('description').notNull(),
    emailAddress: text('email_address'),
    profileBio: text('profile_bio'),
    contactNumber: text('contact_number'),
    linkedinProfile: text('linkedin_profile'),
    linkedinProfileUrl: text('linkedin_profile_url'),
    personalWebsite: text('personal_website'),
    portfolioUrl: text('portfolio_url'),
    xHandler: text('x_handler'),
    instagramHandler: text('instagram_handler'),
    resumeContent: text('resume_content'),
    verifiedEmail: boolean('verified_email').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('personas_user_id_idx').on(table.userId),
    index('personas_created_at_id_idx').on(table.createdAt, table.id),
    // The sign-in address: the persona's own e-mail, else its user's (see PersonaDirectory.findByEmail).
    index('personas_sign_in_email_idx').on(sql`lower(coalesce(${table.emailAddress}, ${table.userEmailAddress}))`),
    // A persona's own address belongs to it alone, ignoring case: two personas cannot both sign in with it.
    uniqueIndex('personas_email_address_unique_idx').on(sql`lower(${table.emailAddress})`),
  ],
);

export type PersonaRow = typeof personas.$inferSelect;
export type NewPersonaRow = typeof personas.$inferInsert;
