/** PostgreSQL SQLSTATEs the algorithm services turn into their own messages. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** Raised instead of 23503 by ON DELETE RESTRICT keys (another service's table may declare one). */
export const RESTRICT_VIOLATION = '23001';

/** True when a delete failed because another row still refers to the deleted one. */
export function isReferencedRowViolation(code: string | undefined): boolean {
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
}
