import { PATHS } from '../routing/paths';
import type { PageRoute } from '../routing/route-table';
import { TeamPage } from './team.page';
import { TeamsPage } from './teams.page';

export const teamRoutes: readonly PageRoute[] = [
  { path: PATHS.teams, page: TeamsPage, nav: 'Teams' },
  { path: PATHS.team, page: TeamPage },
];
