import { deskRoutes } from '../desk/desk.routes';
import { insightRoutes } from '../insight/insight.routes';
import { personaRoutes } from '../personas/persona.routes';
import { resultsRoutes } from '../results/results.routes';
import type { PageRoute } from '../routing/route-table';
import { teamRoutes } from '../teams/team.routes';

/**
 * Every page of the console (docs/admin.md, "Adding pages"). Each feature folder exports its
 * routes from a `<feature>.routes.ts` file and adds one line here; the navigation lists the routes
 * with a `nav` label in this order. Addresses are spelled in routing/paths.ts.
 */
export const pageRoutes: readonly PageRoute[] = [...personaRoutes, ...teamRoutes, ...resultsRoutes, ...insightRoutes, ...deskRoutes];
