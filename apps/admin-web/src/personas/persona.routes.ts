import { PATHS } from '../routing/paths';
import type { PageRoute } from '../routing/route-table';
import { PersonaNewPage } from './persona-new.page';
import { PersonaPage } from './persona.page';
import { PersonasPage } from './personas.page';

export const personaRoutes: readonly PageRoute[] = [
  { path: PATHS.personas, page: PersonasPage, nav: 'Personas' },
  { path: PATHS.newPersona, page: PersonaNewPage },
  { path: PATHS.persona, page: PersonaPage },
];
