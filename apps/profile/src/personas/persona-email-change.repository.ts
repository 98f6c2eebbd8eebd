import { Injectable } from '@nestjs/common';
import type { Executor } from '@teamfit/database';
import { eq, sql } from 'drizzle-orm';
import { type PersonaEmailChangeRow, personaEmailChanges } from './persona-email-change.table';

export type NewPersonaEmailChange = Omit<PersonaEmailChangeRow, 'attempts' | 'createdAt'>;

/** The one gateway to `profile.persona_email_changes`; always inside the caller's transaction. */
@Injectable()
export class PersonaEmailChangeRepository {
  /** Stores the persona's pending change, replacing an earlier one (its code stops working). */
  async replace(tx: Executor, change: NewPersonaEmailChange): Promise<void> {
    const { field, newAddress, otpHash, otpSalt, expiresAt } = change;
    await tx
      .insert(personaEmailChanges)
      .values(change)
      .onConflictDoUpdate({
        target: personaEmailChanges.personaId,
        set: { field, newAddress, otpHash, otpSalt, expiresAt, attempts: 0, createdAt: sql`now()` },
      });
  }

  async findForUpdate(tx: Executor, personaId: string): Promise<PersonaEmailChangeRow | undefined> {
    const [row] = await tx.select().from(personaEmailChanges).where(eq(personaEmailChanges.personaId, personaId)).for('update');
    return row;
  }

  async addAttempt(tx: Executor, personaId: string): Promise<void> {
    await tx
      .update(personaEmailChanges)
      .set({ attempts: sql`${personaEmailChanges.attempts} + 1` })
      .where(eq(personaEmailChanges.personaId, personaId));
  }

  async delete(tx: Executor, personaId: string): Promise<void> {
    await tx.delete(personaEmailChanges).where(eq(personaEmailChanges.personaId, personaId));
  }
}
