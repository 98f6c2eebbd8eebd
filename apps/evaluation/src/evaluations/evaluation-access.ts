import type { VerifiedToken } from '@teamfit/auth';
import { forbidden } from '@teamfit/common';

/**
 * Who may use an evaluation: accounts read every evaluation, only administrators change one; a
 * persona token reads and answers only the persona's own evaluations.
 */
export function assertMayUse(principal: VerifiedToken, personaId: string): void {
  if (principal.kind === 'persona' && principal.personaId !== personaId) {
    throw forbidden('This evaluation belongs to another persona');
  }
}

/**
 * An administrator, or the persona the evaluation belongs to (assertMayUse's rule, narrowed to
 * administrators among accounts): `refusal` says what another account is refused.
 */
export function assertAdminOrOwnPersona(principal: VerifiedToken, personaId: string, refusal: string): void {
  assertMayUse(principal, personaId);
  if (principal.kind === 'account' && principal.isAdmin !== true) throw forbidden(refusal);
}

/** Changing an evaluation (answering it): an administrator, or the persona it belongs to. */
export function assertMayWrite(principal: VerifiedToken, personaId: string): void {
  assertAdminOrOwnPersona(principal, personaId, 'Only administrators and the persona itself change an evaluation');
}

/**
 * Whose evaluations `principal` may change, by assertMayWrite's rule, for a statement that checks
 * it as it writes: every persona's (an administrator, or another kind of caller the rule lets
 * through), only its own persona's (a persona token), or nobody's (an account that is not an
 * administrator).
 */
export function writerOf(principal: VerifiedToken): { everyPersona: boolean; personaId: string | null } {
  if (principal.kind === 'persona') return { everyPersona: false, personaId: principal.personaId ?? null };
  return { everyPersona: principal.kind !== 'account' || principal.isAdmin === true, personaId: null };
}

/**
 * A persona compares only its own evaluation against its own team and its own user record: any
 * other team or user would show it someone else's data. Accounts may compare freely.
 */
export function assertMayCompareWith(
  principal: VerifiedToken,
  own: { teamId: number; algorithmUserId: number | null },
  asked: { teamId?: number; algorithmUserId?: number },
): void {
  if (principal.kind !== 'persona') return;
  // Same answer whether the other team exists or not, so team ids cannot be probed.
  if (asked.teamId !== undefined && asked.teamId !== own.teamId) throw forbidden('A persona compares only against its own team');
  if (asked.algorithmUserId !== undefined && asked.algorithmUserId !== own.algorithmUserId) {
    throw forbidden("A persona's comparisons use only its own algorithmUserId");
  }
}
