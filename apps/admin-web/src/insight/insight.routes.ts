import { lazy } from 'react';
import { PATHS } from '../routing/paths';
import type { PageRoute } from '../routing/route-table';

// The heat map, the shortlist and the what-if load on first use, outside the first visit's budget.
const TeamInsightPage = lazy(() => import('./team-insight.page').then((module) => ({ default: module.TeamInsightPage })));

export const insightRoutes: readonly PageRoute[] = [{ path: PATHS.teamInsight, page: TeamInsightPage }];
