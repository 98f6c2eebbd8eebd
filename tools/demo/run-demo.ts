// Puts the demo data on a running platform through its gateway, reusing whatever an earlier run
// created: an organisation with a logo, reference data, a team of five with completed
// questionnaires, a candidate with results, a role for the team, and a few service requests.
import { signInAsAdmin } from './admin-sign-in';
import { CANDIDATE, ORGANISATION, ROLE_TITLE, TEAM } from './demo-data';
import { DemoTally } from './demo-tally';
import { GatewayClient } from './gateway-client';
import { seedMasterData, seedOrganisation } from './seed-organisation';
import { type Evaluation, seedPeople } from './seed-people';
import { seedRole, type TeamMatch, teamMatchOf } from './seed-roles';
import { seedServiceRequests, type Ticket } from './seed-service-requests';

export interface DemoOptions {
  gatewayUrl: string;
  mailApiUrl: string;
  /** The inbox's Authorization header (`npm start`'s MailDev asks for its data folder's credentials). */
  mailAuthorization: string | undefined;
  adminEmail: string;
  log?: (line: string) => void;
}

export interface DemoResult {
  created: number;
  reused: number;
  accessToken: string;
  organisation: { id: string; name: string; logo: string | null };
  profileTeamId: string;
  algorithmTeamId: number;
  memberPersonaIds: string[];
  memberEvaluations: Evaluation[];
  candidate: { personaId: string; userId: number; evaluation: Evaluation };
  roleId: number;
  teamMatch: TeamMatch;
  serviceRequests: Ticket[];
}

export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const log = options.log ?? (() => undefined);
  const client = new GatewayClient(options.gatewayUrl);
  const tally = new DemoTally();
  log(`signing in as ${options.adminEmail} (code from ${options.mailApiUrl})`);
  const session = await signInAsAdmin(client, { url: options.mailApiUrl, authorization: options.mailAuthorization }, options.adminEmail);
  client.token = session.accessToken;

  log(`organisation: ${ORGANISATION.name}`);
  const organisation = await seedOrganisation(client, tally);
  log('reference data');
  await seedMasterData(client, tally);
  log(`team: ${TEAM.name}`);
  const people = await seedPeople(client, tally, organisation.id, log);
  log(`role: ${ROLE_TITLE}`);
  const roleId = await seedRole(client, tally, organisation.id, people.algorithmTeamId, people.candidate.user.id);
  const teamMatch = await teamMatchOf(client, people.candidateEvaluation.id);
  log('service requests');
  const serviceRequests = await seedServiceRequests(client, tally, organisation.id, session.accountId);

  return {
    created: tally.created,
    reused: tally.reused,
    accessToken: session.accessToken,
    organisation: { id: organisation.id, name: organisation.name, logo: organisation.logo },
    profileTeamId: people.profileTeamId,
    algorithmTeamId: people.algorithmTeamId,
    memberPersonaIds: people.members.map((member) => member.id),
    memberEvaluations: people.memberEvaluations,
    candidate: { personaId: people.candidate.id, userId: people.candidate.user.id, evaluation: people.candidateEvaluation },
    roleId,
    teamMatch,
    serviceRequests,
  };
}

export const candidateName = `${CANDIDATE.firstName} ${CANDIDATE.lastName}`;
