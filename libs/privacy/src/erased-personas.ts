import { validationFailed } from '@teamfit/common';
import type { Executor } from '@teamfit/database';
import { inArray } from 'drizzle-orm';
import { subjectHashOf } from './erasure-identity';
import { personaErasures } from './persona-erasure.tables';

/**
 * Which of `ids` name an erased persona: one read of the erasure records by their unique subject
 * hash. A write that would store a persona id runs it in its own transaction, so nothing new is
 * kept under an erased persona's id (docs/adr/0067-rights-read-from-the-account.md). Ids that are
 * no persona's (a teammate's, a typo) are simply not erased.
 */
export async function erasedPersonaIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const byHash = new Map(ids.map((id) => [subjectHashOf(id), id]));
  const rows = await db
    .select({ subjectHash: personaErasures.subjectHash })
    .from(personaErasures)
    .where(inArray(personaErasures.subjectHash, [...byHash.keys()]));
  return rows.map((row) => byHash.get(row.subjectHash) ?? row.subjectHash);
}

/** Refuses (400, naming the field) a write that would store an erased persona's id. */
export async function refuseErasedPersonas(db: Executor, field: string, ids: readonly string[]): Promise<void> {
  const erased = await erasedPersonaIds(db, ids);
  if (erased.length > 0) throw validationFailed(`${field} names an erased persona`);
}
