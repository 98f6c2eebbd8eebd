import { lazy } from 'react';
import { PATHS } from '../routing/paths';
import type { PageRoute } from '../routing/route-table';

// The results page brings the charts: it loads on first use, outside the first visit's budget.
const EvaluationResultsPage = lazy(() => import('./evaluation-results.page').then((module) => ({ default: module.EvaluationResultsPage })));

export const resultsRoutes: readonly PageRoute[] = [{ path: PATHS.evaluation, page: EvaluationResultsPage }];
