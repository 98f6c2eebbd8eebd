// Role data, so that team-match shows a role match: the evaluation service's lookups, a role
// specification, the role on the demo team, and the candidate's experience and goals.
import { LOOKUPS, ROLE_TITLE } from './demo-data';
import type { DemoTally } from './demo-tally';
import type { GatewayClient } from './gateway-client';

interface Lookup {
  id: number;
  name: string;
}

export interface TeamMatch {
  roleId: number | null;
  workstyle: { score: number; scoreCategory: string };
  roleMatch: { score?: number; scoreCategory?: string; error?: string } | null;
  combined: { score: number; scoreCategory: string; roleWeight: number };
}

type LookupIds = Record<keyof typeof LOOKUPS, Map<string, number>>;

async function seedLookups(client: GatewayClient, tally: DemoTally): Promise<LookupIds> {
  const ids = {} as LookupIds;
  for (const [collection, entries] of Object.entries(LOOKUPS) as Array<
    [keyof typeof LOOKUPS, ReadonlyArray<string | { name: string; orderBy: number }>]
  >) {
    const existing = new Map((await client.all<Lookup>(`/evaluation/algorithm/${collection}`)).map((lookup) => [lookup.name, lookup.id]));
    for (const entry of entries) {
      const body = typeof entry === 'string' ? { name: entry } : entry;
      const id = await tally.ensure(
        () => Promise.resolve(existing.get(body.name)),
        async () => (await client.post<Lookup>(`/evaluation/algorithm/${collection}`, { body, expect: [201] })).body.id,
      );
      existing.set(body.name, id);
    }
    ids[collection] = existing;
  }
  return ids;
}

const idsOf = (map: Map<string, number>, names: string[]): number[] => names.map((name) => map.get(name) ?? 0);

export async function seedRole(
  client: GatewayClient,
  tally: DemoTally,
  organisationId: string,
  teamId: number,
  candidateUserId: number,
): Promise<number> {
  const lookups = await seedLookups(client, tally);
  const roleId = await tally.ensure(
    async () =>
      (await client.get<Array<{ id: number; title: string }>>('/evaluation/algorithm/roles', { query: { teamId, limit: 100 } })).body.find(
        (role) => role.title === ROLE_TITLE,
      )?.id,
    async () => {
      const specification = await client.post<{ id: number }>('/evaluation/algorithm/rolespecifications', {
        body: {
          industry: { ids: idsOf(lookups.industries, ['Banking', 'Software']), priority: 1 },
          function: { ids: idsOf(lookups.workfunctions, ['Data']), priority: 1 },
          skill: { ids: idsOf(lookups.skills, ['SQL', 'Statistics', 'TypeScript']), priority: 2 },
          professionalYears: { id: lookups.professionalyears.get('3-5 years'), priority: 3 },
          educationLevel: { id: lookups.educationlevels.get('Master'), priority: 4 },
        },
        expect: [201],
      });
      const role = await client.post<{ id: number }>('/evaluation/algorithm/roles', {
        body: { title: ROLE_TITLE, organisationId, teamId, roleSpecificationId: specification.body.id },
        expect: [201],
      });
      return role.body.id;
    },
  );
  // Upserts: 201 when the record is new, 200 when it already existed.
  const experience = await client.put(`/evaluation/algorithm/userexperiences/${candidateUserId}`, {
    body: {
      industryIds: idsOf(lookups.industries, ['Banking']),
      functionIds: idsOf(lookups.workfunctions, ['Data']),
      skillIds: idsOf(lookups.skills, ['SQL', 'Statistics']),
      professionalYearsId: lookups.professionalyears.get('6+ years'),
      educationLevelId: lookups.educationlevels.get('Bachelor'),
    },
  });
  tally.changed(experience.status === 201);
  const goal = await client.put(`/evaluation/algorithm/usergoals/${candidateUserId}`, {
    body: {
      industryIds: idsOf(lookups.industries, ['Software']),
      functionIds: idsOf(lookups.workfunctions, ['Data']),
      skillIds: idsOf(lookups.skills, ['TypeScript']),
    },
  });
  tally.changed(goal.status === 201);
  return roleId;
}

export async function teamMatchOf(client: GatewayClient, evaluationId: string): Promise<TeamMatch> {
  return (await client.post<TeamMatch>(`/evaluation/evaluation/${evaluationId}/team-match`, { body: {}, expect: [200] })).body;
}
