import type { PersonaRow } from '@teamfit/personas';
import type { PersonaDto } from './persona.dto';

export function mapPersona(row: PersonaRow): PersonaDto {
  return {
    id: row.id,
    user_id: row.userId,
    user: {
      id: row.userNumber,
      firstName: row.userFirstName,
      lastName: row.userLastName,
      username: row.userUsername,
      emailAddress: row.userEmailAddress,
    },
    role: row.role,
    roles: row.roles,
    status: row.status,
    description: row.description,
    emailAddress: row.emailAddress,
    profileBio: row.profileBio,
    contactNumber: row.contactNumber,
    linkedinProfile: row.linkedinProfile,
    linkedinProfileUrl: row.linkedinProfileUrl,
    personalWebsite: row.personalWebsite,
    portfolioURL: row.portfolioUrl,
    xHandler: row.xHandler,
    instagramHandler: row.instagramHandler,
    resumeContent: row.resumeContent,
    verifiedEmail: row.verifiedEmail,
    verified: row.verified,
    // Legacy flag of the published persona, kept consistent with roles instead of stored beside them.
    isCandidate: row.roles.includes('CANDIDATE'),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
