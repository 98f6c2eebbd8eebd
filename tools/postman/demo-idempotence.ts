// What `npm run test:postman` checks of the demo: the first run puts everything there (results, a
// role match), and a second run writes nothing, returns the same records, and the platform holds
// exactly one of each (counted through the API, not taken from the demo's own bookkeeping).
import { CANDIDATE, MASTER_DATA, ORGANISATION, ROLE_TITLE, SERVICE_REQUESTS, TEAM, TEAM_MEMBERS } from '../demo/demo-data';
import { GatewayClient } from '../demo/gateway-client';
import type { DemoResult } from '../demo/run-demo';

/** The records a run returns, by name; two runs must return the same. */
const identityOf = (result: DemoResult) => ({
  organisation: result.organisation.id,
  logo: result.organisation.logo,
  profileTeam: result.profileTeamId,
  algorithmTeam: result.algorithmTeamId,
  members: result.memberPersonaIds,
  memberEvaluations: result.memberEvaluations.map((evaluation) => evaluation.id),
  candidate: result.candidate.personaId,
  candidateEvaluation: result.candidate.evaluation.id,
  role: result.roleId,
  serviceRequests: result.serviceRequests.map((ticket) => `${ticket._id} ${ticket.status}`),
});

export async function demoIdempotenceFailures(first: DemoResult, second: DemoResult, gatewayUrl: string): Promise<string[]> {
  const failures: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  expect(first.created > 0, 'the first run wrote nothing');
  expect(first.candidate.evaluation.status === 'complete' && typeof first.candidate.evaluation.results?.overallScore === 'number', 'the candidate has no results');
  expect(first.memberEvaluations.length === TEAM_MEMBERS.length && first.memberEvaluations.every((evaluation) => evaluation.status === 'complete'), 'not every member completed the questionnaire');
  expect(typeof first.teamMatch.roleMatch?.score === 'number' && first.teamMatch.roleId === first.roleId, 'team-match shows no role match');
  expect(second.created === 0, `the second run wrote ${second.created} things`);
  const [a, b] = [JSON.stringify(identityOf(first)), JSON.stringify(identityOf(second))];
  expect(a === b, `the second run returned other records:\n  first:  ${a}\n  second: ${b}`);

  const client = new GatewayClient(gatewayUrl);
  client.token = second.accessToken;
  const count = async <T>(what: string, path: string, query: Record<string, string | number>, matches: (item: T) => boolean, expected: number, all = false) => {
    const answer = all ? await client.all<T>(path, query) : (await client.get<T[] | Record<string, T[]>>(path, { query })).body;
    const items = Array.isArray(answer) ? answer : (Object.values(answer).find(Array.isArray) ?? []);
    const found = items.filter(matches).length;
    expect(found === expected, `${found} ${what} instead of ${expected}`);
  };
  await count<{ name: string }>('organisations named after the demo', '/organisation/organisation', {}, (item) => item.name === ORGANISATION.name, 1);
  for (const [collection, records] of Object.entries(MASTER_DATA)) {
    for (const record of records) await count<{ name: string }>(`${collection} records named ${record.name}`, `/organisation/${collection}`, {}, (item) => item.name === record.name, 1);
  }
  for (const persona of [...TEAM_MEMBERS, CANDIDATE]) {
    await count<{ user_id: string }>(`personas of user ${persona.userId}`, '/profile/persona', { user_id: persona.userId, limit: 100 }, () => true, 1);
  }
  for (const personaId of [...first.memberPersonaIds, first.candidate.personaId]) {
    await count<{ status: string }>(`evaluations of persona ${personaId}`, '/evaluation/evaluation', { personaId, teamId: first.algorithmTeamId }, () => true, 1);
  }
  await count<{ name: string; organisationId: string | null }>('demo teams', '/evaluation/algorithm/teams', {}, (item) => item.name === TEAM.name && item.organisationId === first.organisation.id, 1, true);
  await count<{ name: string; organisation_id: string }>('demo profile teams', '/profile/team', {}, (item) => item.name === TEAM.name && item.organisation_id === first.organisation.id, 1);
  await count<{ title: string }>('roles of the demo team', '/evaluation/algorithm/roles', { teamId: first.algorithmTeamId }, (item) => item.title === ROLE_TITLE, 1, true);
  await count<{ title: string }>('service requests of the demo organisation', '/admin/service-requests', { organisationId: first.organisation.id, limit: 100 }, () => true, SERVICE_REQUESTS.length);
  return failures;
}
