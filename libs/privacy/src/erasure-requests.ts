import type { Database, Transaction } from '@teamfit/database';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ErasureCounts, ErasureIdentity } from './erasure-identity';
import { ERASURE_PART_TABLES, type ErasurePart, personaErasures } from './persona-erasure.tables';

/** Channel of a new erasure (payload: its id), for the services that do a part. */
export const ERASURE_REQUESTED_CHANNEL = 'persona_erasure_requested';
/** Channel of a part done (payload: the erasure's id), for the profile service that completes erasures. */
export const ERASURE_PART_DONE_CHANNEL = 'persona_erasure_part_done';

/** Sent when the transaction commits, so nobody is woken for work that was rolled back. */
export async function notifyInTransaction(tx: Pick<Transaction, 'execute'>, channel: string, erasureId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${channel}, ${erasureId})`);
}

/**
 * A service's view of the erasures its part is still owed: it reads the profile service's
 * erasure records (never writes them) and writes only its own part record.
 */
export class ErasureRequests {
  private readonly parts;

  constructor(
    private readonly db: Database,
    private readonly part: ErasurePart,
  ) {
    this.parts = ERASURE_PART_TABLES[part];
  }

  /**
   * Erasures still waiting for this part, oldest first, each with how long it has yet to settle
   * (0 once requested at least `settleMs` ago; measured by the server's clock, which wrote the request time).
   */
  owing(settleMs: number): Promise<Array<{ id: string; settlesInMs: number }>> {
    return this.db
      .select({
        id: personaErasures.id,
        settlesInMs: sql<number>`greatest(0, ${settleMs} - extract(epoch FROM now() - ${personaErasures.requestedAt}) * 1000)::int`,
      })
      .from(personaErasures)
      .leftJoin(this.parts, eq(this.parts.erasureId, personaErasures.id))
      .where(and(isNull(personaErasures.completedAt), isNull(this.parts.erasureId), this.owes()))
      .orderBy(personaErasures.requestedAt);
  }

  /**
   * Inside the part's transaction: the identity to erase when the part is still owed and due,
   * else undefined (done meanwhile by another instance, or not settled yet).
   */
  async owed(tx: Transaction, erasureId: string, settleMs: number): Promise<ErasureIdentity | undefined> {
    const [done] = await tx.select({ id: this.parts.erasureId }).from(this.parts).where(eq(this.parts.erasureId, erasureId));
    if (done) return undefined;
    const [row] = await tx
      .select({ identity: personaErasures.pendingIdentity })
      .from(personaErasures)
      .where(and(eq(personaErasures.id, erasureId), isNull(personaErasures.completedAt), this.owes(), this.settled(settleMs)));
    return row?.identity ?? undefined;
  }

  /** The part's record, in the part's transaction; the profile service is told once it commits. */
  async record(tx: Transaction, erasureId: string, counts: ErasureCounts): Promise<void> {
    await tx.insert(this.parts).values({ erasureId, counts });
    await notifyInTransaction(tx, ERASURE_PART_DONE_CHANNEL, erasureId);
  }

  private owes() {
    return sql`${this.part} = ANY(${personaErasures.parts})`;
  }

  private settled(settleMs: number) {
    return sql`${personaErasures.requestedAt} <= now() - make_interval(secs => ${settleMs / 1000})`;
  }
}
