// The demo's people: five team members and a candidate (profile service), the team in both the
// profile and the evaluation service, and everyone's questionnaire answered to completion.
import { answerOf, CANDIDATE, type DemoPersona, TEAM, TEAM_MEMBERS } from './demo-data';
import type { DemoTally } from './demo-tally';
import type { GatewayClient } from './gateway-client';

export interface Persona {
  id: string;
  user: { id: number; firstName: string | null; lastName: string | null };
}

interface Question {
  id: number;
}

export interface Evaluation {
  id: string;
  status: string;
  progress: { answered: number; total: number };
  currentQuestion?: Question;
  nextQuestion?: Question | null;
  results?: { overallScore: number; overallCategory: string };
}

export interface People {
  members: Persona[];
  candidate: Persona;
  profileTeamId: string;
  algorithmTeamId: number;
  memberEvaluations: Evaluation[];
  candidateEvaluation: Evaluation;
}

async function seedPersona(client: GatewayClient, tally: DemoTally, persona: DemoPersona): Promise<Persona> {
  return tally.ensure(
    async () => (await client.get<{ personas: Persona[] }>('/profile/persona', { query: { user_id: persona.userId } })).body.personas[0],
    async () =>
      (
        await client.post<Persona>('/profile/persona', {
          body: {
            user_id: persona.userId,
            role: persona.role,
            description: `${persona.firstName} ${persona.lastName}, ${persona.role} (demo)`,
            user: { firstName: persona.firstName, lastName: persona.lastName, username: persona.firstName.toLowerCase() },
            roles: persona.roles,
            status: 'ACTIVE',
          },
          expect: [201],
        })
      ).body,
  );
}

async function seedProfileTeam(client: GatewayClient, tally: DemoTally, organisationId: string, memberIds: string[]): Promise<string> {
  return tally.ensure(
    async () => {
      const teams = await client.get<Array<{ _id: string; name: string; organisation_id: string }>>('/profile/team');
      return teams.body.find((team) => team.name === TEAM.name && team.organisation_id === organisationId)?._id;
    },
    async () =>
      (
        await client.post<{ _id: string }>('/profile/team', {
          body: {
            organisation_id: organisationId,
            teamName: TEAM.name,
            teamDescription: TEAM.description,
            roleName: TEAM.roleName,
            memberIds,
          },
          expect: [201],
        })
      ).body._id,
  );
}

async function seedAlgorithmTeam(
  client: GatewayClient,
  tally: DemoTally,
  organisationId: string,
  memberPersonaIds: string[],
): Promise<number> {
  return tally.ensure(
    async () => {
      const teams = await client.all<{ id: number; name: string; organisationId: string | null }>('/evaluation/algorithm/teams');
      return teams.find((team) => team.name === TEAM.name && team.organisationId === organisationId)?.id;
    },
    async () =>
      (
        await client.post<{ id: number }>('/evaluation/algorithm/teams', {
          body: { name: TEAM.name, organisationId, memberPersonaIds },
          expect: [201],
        })
      ).body.id,
  );
}

/**
 * The persona's completed evaluation against the team, else one answered to completion now. A
 * started one (an earlier run stopped halfway) is resumed by POST /evaluation and finished.
 */
async function seedCompletedEvaluation(
  client: GatewayClient,
  tally: DemoTally,
  persona: DemoPersona,
  personaId: string,
  teamId: number,
): Promise<Evaluation> {
  return tally.ensure(
    async () => {
      const done = await client.get<{ items: Evaluation[] }>('/evaluation/evaluation', {
        query: { personaId, teamId, status: 'complete' },
      });
      const latest = done.body.items.at(-1);
      return latest && (await client.get<Evaluation>(`/evaluation/evaluation/${latest.id}`)).body;
    },
    async () => {
      let evaluation = (await client.post<Evaluation>('/evaluation/evaluation', { body: { personaId, teamId }, expect: [200, 201] })).body;
      let question = evaluation.currentQuestion;
      while (question) {
        evaluation = (
          await client.post<Evaluation>(`/evaluation/evaluation/${evaluation.id}/answer`, {
            body: { questionId: question.id, value: answerOf(persona, question.id), timeTaken: 3 + (question.id % 6) },
          })
        ).body;
        question = evaluation.nextQuestion ?? undefined;
      }
      return evaluation;
    },
  );
}

export async function seedPeople(
  client: GatewayClient,
  tally: DemoTally,
  organisationId: string,
  log: (line: string) => void,
): Promise<People> {
  const members: Persona[] = [];
  for (const member of TEAM_MEMBERS) members.push(await seedPersona(client, tally, member));
  const candidate = await seedPersona(client, tally, CANDIDATE);
  const memberIds = members.map((member) => member.id);
  const profileTeamId = await seedProfileTeam(client, tally, organisationId, memberIds);
  const algorithmTeamId = await seedAlgorithmTeam(client, tally, organisationId, memberIds);

  // Members first: the candidate's results are scored against the members' completed answers.
  const memberEvaluations: Evaluation[] = [];
  for (const [index, member] of TEAM_MEMBERS.entries()) {
    log(`questionnaire: ${member.firstName} ${member.lastName}`);
    memberEvaluations.push(await seedCompletedEvaluation(client, tally, member, memberIds[index] ?? '', algorithmTeamId));
  }
  log(`questionnaire: ${CANDIDATE.firstName} ${CANDIDATE.lastName} (candidate)`);
  const candidateEvaluation = await seedCompletedEvaluation(client, tally, CANDIDATE, candidate.id, algorithmTeamId);
  return { members, candidate, profileTeamId, algorithmTeamId, memberEvaluations, candidateEvaluation };
}
