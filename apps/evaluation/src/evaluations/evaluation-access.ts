import type { VerifiedToken } from '@teamfit/auth';
import { forbidden } from '@teamfit/common';

/**
 * ARCHITECTURE.md section 3: accounts may read every evaluation (admins also write); a persona
 * token reads and answers only the persona's own evaluations.
 */
export function assertMayUse(principal: VerifiedToken, personaId: string): void {
  if (principal.kind === 'persona' && principal.personaId !== personaId) {
    throw forbidden('This evaluation belongs to another persona');
  }
}
