import type { Schemas } from '@teamfit/api-client';
import { attempt, type Outcome, useConsole } from '../app/console-context';
import { PageHeading } from '../common/page-heading.component';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { teamPath } from '../routing/paths';
import type { PageProps } from '../routing/route-table';
import { TeamHeatMap } from './heat-map.component';
import { Shortlist } from './shortlist.component';
import { WhatIf } from './what-if.component';
import '../charts/charts.css';

interface Team {
  team: Schemas['AlgorithmTeamDto'];
  roles: Schemas['RoleDto'][];
}

/** A team at a glance (`/teams/:id/insight`): its heat map, its shortlist and the what-if simulation. */
export function TeamInsightPage({ params }: PageProps) {
  const { client, session } = useConsole();
  const id = Number(params['id']);
  const [loaded] = useOutcome<Team>(async (): Promise<Outcome<Team>> => {
    const team = await attempt(session, () => client.GET('/evaluation/algorithm/teams/{id}', { params: { path: { id } } }));
    if (!team.ok) return team;
    const roles = await attempt(session, () =>
      client.GET('/evaluation/algorithm/roles', { params: { query: { teamId: id, limit: 100 } } }),
    );
    if (!roles.ok) return roles;
    return { ok: true, response: team.response, data: { team: team.data, roles: roles.data } };
  }, [client, session, id]);

  if (loaded.state === 'loading' || !loaded.outcome.ok) {
    return (
      <section>
        <PageHeading>Team insight</PageHeading>
        <ProblemAlert problem={loaded.state === 'done' && !loaded.outcome.ok ? loaded.outcome.problem : null} />
        {loaded.state === 'loading' ? <p role="status">Loading the team…</p> : null}
      </section>
    );
  }
  const { team, roles } = loaded.outcome.data;
  return (
    <article>
      <PageHeading title={`Insight: ${team.name}`}>{`Insight: ${team.name}`}</PageHeading>
      <p className="meta">
        <Link to={teamPath(team.id)}>The team’s page</Link>
      </p>
      <section aria-labelledby="heat-map-title">
        <h2 id="heat-map-title">Heat map</h2>
        <TeamHeatMap memberPersonaIds={team.memberPersonaIds} />
      </section>
      <Shortlist teamId={team.id} roles={roles} />
      <WhatIf teamId={team.id} memberPersonaIds={team.memberPersonaIds} />
    </article>
  );
}
