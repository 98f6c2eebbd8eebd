import { PATHS } from '../routing/paths';
import type { PageRoute } from '../routing/route-table';
import { PersonaPage } from './persona.page';
import { PersonasPage } from './personas.page';

export const personaRoutes: readonly PageRoute[] = [
  { path: PATHS.personas, page: PersonasPage, nav: 'Personas' },
  { path: PATHS.persona, page: PersonaPage },
];
