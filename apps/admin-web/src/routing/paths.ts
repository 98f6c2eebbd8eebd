import { pathOf } from './route-table';

/**
 * The console's stable addresses (docs/admin.md): a person can bookmark them and other systems
 * link to them (the service-request e-mail links `/service-requests/:id`). Pages link through
 * these builders so an address is spelled in one place.
 */
export const PATHS = {
  personas: '/personas',
  persona: '/personas/:id',
  newPersona: '/personas/new',
  teams: '/teams',
  team: '/teams/:id',
  teamInsight: '/teams/:id/insight',
  evaluation: '/evaluations/:id',
  serviceRequests: '/service-requests',
  serviceRequest: '/service-requests/:id',
} as const;

export const personaPath = (id: string): string => pathOf(PATHS.persona, { id });
export const teamPath = (id: string | number): string => pathOf(PATHS.team, { id: String(id) });
export const evaluationPath = (id: string): string => pathOf(PATHS.evaluation, { id });
export const serviceRequestPath = (id: string): string => pathOf(PATHS.serviceRequest, { id });
export const teamInsightPath = (id: string | number): string => pathOf(PATHS.teamInsight, { id: String(id) });
