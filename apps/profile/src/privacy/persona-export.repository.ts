import { Injectable } from '@nestjs/common';
import type { ReadSnapshot } from '@teamfit/database';
import type { PersonaDemographicsRow } from '@teamfit/demographics';
import type { PersonaRow } from '@teamfit/personas';

export interface ExportedProfileTeamRow {
  id: string;
  organisationId: string;
  teamName: string;
  teamDescription: string | null;
  roleName: string | null;
  member: boolean;
  manager: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface ExportedSignInCodeRow {
  emailAddress: string;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
  supersededAt: Date | null;
}

export interface ExportedSessionRow {
  startedAt: Date;
  lastRefreshedAt: Date;
  endsAt: Date;
  revokedAt: Date | null;
}

export interface ExportedSignInLockRow {
  consecutiveFailures: number;
  lockedUntil: Date | null;
}

export interface ExportedDemographicsRow {
  personaId: string;
  sex: PersonaDemographicsRow['sex'];
  raceEthnicity: PersonaDemographicsRow['raceEthnicity'];
  consentedAt: Date;
}

export interface ExportedEmailChangeRow {
  field: string;
  newAddress: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * What the profile schema holds about one persona, read in the export's snapshot: the persona,
 * the profile teams that name it, and its sign-in rows (never their hashes and salts). One
 * read module for the export rather than a method on each table's repository: every read here
 * must go through the same snapshot, which the other repositories do not take.
 */
@Injectable()
export class PersonaExportRepository {
  async persona(snapshot: ReadSnapshot, id: string): Promise<PersonaRow | undefined> {
    const [row] = await snapshot.rows<PersonaRow>(
      `SELECT id, user_id AS "userId", user_number AS "userNumber", user_first_name AS "userFirstName", user_last_name AS "userLastName",
              user_username AS "userUsername", user_email_address AS "userEmailAddress", role, roles, status, description,
              email_address AS "emailAddress", profile_bio AS "profileBio", contact_number AS "contactNumber",
              linkedin_profile AS "linkedinProfile", linkedin_profile_url AS "linkedinProfileUrl", personal_website AS "personalWebsite",
              portfolio_url AS "portfolioUrl", x_handler AS "xHandler", instagram_handler AS "instagramHandler",
              resume_content AS "resumeContent", verified_email AS "verifiedEmail", verified, created_at AS "createdAt", updated_at AS "updatedAt"
         FROM profile.personas WHERE id = $1::uuid`,
      [id],
    );
    return row;
  }

  profileTeams(snapshot: ReadSnapshot, personaId: string, batchSize: number): AsyncGenerator<ExportedProfileTeamRow[], void, undefined> {
    return snapshot.batches<ExportedProfileTeamRow>(
      `SELECT id, organisation_id AS "organisationId", team_name AS "teamName", team_description AS "teamDescription", role_name AS "roleName",
              $1 = ANY (member_ids) AS member, $1 = ANY (managers) AS manager, created_at AS "createdAt", updated_at AS "updatedAt"
         FROM profile.teams WHERE $1 = ANY (member_ids) OR $1 = ANY (managers)
        ORDER BY created_at, id`,
      [personaId],
      batchSize,
    );
  }

  signInCodes(snapshot: ReadSnapshot, personaId: string, batchSize: number): AsyncGenerator<ExportedSignInCodeRow[], void, undefined> {
    return snapshot.batches<ExportedSignInCodeRow>(
      `SELECT email_address AS "emailAddress", created_at AS "createdAt", expires_at AS "expiresAt", consumed_at AS "consumedAt", superseded_at AS "supersededAt"
         FROM profile.login_challenges WHERE subject_id = $1 ORDER BY created_at, id`,
      [personaId],
      batchSize,
    );
  }

  /** One row per refresh-token family: a sign-in and every rotation that followed it. */
  sessions(snapshot: ReadSnapshot, personaId: string, batchSize: number): AsyncGenerator<ExportedSessionRow[], void, undefined> {
    return snapshot.batches<ExportedSessionRow>(
      `SELECT min(created_at) AS "startedAt", max(created_at) AS "lastRefreshedAt", max(session_expires_at) AS "endsAt",
              (array_agg(revoked_at ORDER BY created_at DESC, id DESC))[1] AS "revokedAt"
         FROM profile.refresh_tokens WHERE subject_id = $1
        GROUP BY family_id ORDER BY min(created_at), family_id`,
      [personaId],
      batchSize,
    );
  }

  async signInLock(snapshot: ReadSnapshot, personaId: string): Promise<ExportedSignInLockRow | undefined> {
    const [row] = await snapshot.rows<ExportedSignInLockRow>(
      `SELECT consecutive_failures AS "consecutiveFailures", locked_until AS "lockedUntil" FROM profile.login_throttles WHERE subject_id = $1`,
      [personaId],
    );
    return row;
  }

  async pendingEmailChange(snapshot: ReadSnapshot, personaId: string): Promise<ExportedEmailChangeRow | undefined> {
    const [row] = await snapshot.rows<ExportedEmailChangeRow>(
      `SELECT field, new_address AS "newAddress", created_at AS "createdAt", expires_at AS "expiresAt" FROM profile.persona_email_changes WHERE persona_id = $1::uuid`,
      [personaId],
    );
    return row;
  }

  async demographics(snapshot: ReadSnapshot, personaId: string): Promise<ExportedDemographicsRow | undefined> {
    const [row] = await snapshot.rows<ExportedDemographicsRow>(
      `SELECT persona_id AS "personaId", sex, race_ethnicity AS "raceEthnicity", consented_at AS "consentedAt"
         FROM profile.persona_demographics WHERE persona_id = $1::uuid`,
      [personaId],
    );
    return row;
  }
}
