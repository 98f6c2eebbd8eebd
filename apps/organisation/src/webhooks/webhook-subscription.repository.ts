import { Injectable } from '@nestjs/common';
import { accounts } from '@teamfit/accounts';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { and, asc, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { webhookSubscriptions, type WebhookSubscriptionRow } from '../database/webhooks.tables';

export type NewSubscription = Pick<WebhookSubscriptionRow, 'url' | 'events' | 'organisationId' | 'description' | 'secret' | 'createdBy'>;
export type SubscriptionChanges = Partial<Pick<WebhookSubscriptionRow, 'url' | 'events' | 'organisationId' | 'description'>> & {
  enabled?: boolean;
};

/** The one gateway to `organisation.webhook_subscriptions`. */
@Injectable()
export class WebhookSubscriptionRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(tx: Executor, values: NewSubscription): Promise<WebhookSubscriptionRow> {
    const [row] = await tx.insert(webhookSubscriptions).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Oldest first, id as tie-breaker. */
  async page(offset: number, limit: number, db: Executor = this.db): Promise<{ rows: WebhookSubscriptionRow[]; total: number }> {
    const [rows, [totalRow]] = await Promise.all([
      db
        .select()
        .from(webhookSubscriptions)
        .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(webhookSubscriptions),
    ]);
    return { rows, total: totalRow?.total ?? 0 };
  }

  async findById(id: string, db: Executor = this.db): Promise<WebhookSubscriptionRow | undefined> {
    const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    return row;
  }

  /** Enabling clears the failure run and the disabling, so the 5 days count afresh. */
  async update(tx: Executor, id: string, changes: SubscriptionChanges): Promise<WebhookSubscriptionRow | undefined> {
    const enabling = changes.enabled === true ? { failingSince: null, disabledAt: null } : {};
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({ ...changes, ...enabling, updatedAt: sql`now()` })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    return row;
  }

  async delete(tx: Executor, id: string): Promise<boolean> {
    const rows = await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).returning({ id: webhookSubscriptions.id });
    return rows.length > 0;
  }

  /** The new secret signs from now on; the one it replaces keeps signing alongside it for `overlapMs`. */
  async rotateSecret(tx: Executor, id: string, secret: string, overlapMs: number): Promise<WebhookSubscriptionRow | undefined> {
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({
        previousSecret: sql`${webhookSubscriptions.secret}`,
        previousSecretExpiresAt: sql`now() + make_interval(secs => ${overlapMs / 1000})`,
        secret,
        updatedAt: sql`now()`,
      })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    return row;
  }

  /**
   * After an attempt: a success ends the run of failures, a failure starts one (or continues it).
   * Answers the subscription as it now stands, undefined when it was deleted meanwhile.
   */
  async recordOutcome(tx: Executor, id: string, succeeded: boolean): Promise<WebhookSubscriptionRow | undefined> {
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({ failingSince: succeeded ? null : sql`coalesce(${webhookSubscriptions.failingSince}, now())` })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    return row;
  }

  /** Disables the subscription when it is still enabled and has failed without a break for `failingMs`; the row when it did. */
  async disableIfFailingFor(tx: Executor, id: string, failingMs: number): Promise<WebhookSubscriptionRow | undefined> {
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({ enabled: false, disabledAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(webhookSubscriptions.id, id),
          eq(webhookSubscriptions.enabled, true),
          isNotNull(webhookSubscriptions.failingSince),
          lte(webhookSubscriptions.failingSince, sql`now() - make_interval(secs => ${failingMs / 1000})`),
        ),
      )
      .returning();
    return row;
  }

  /**
   * Who hears that the subscription was disabled: the active administrators of its organisation
   * (the one it is scoped to, else its maker's); the maker alone when that organisation has none.
   */
  async administratorsToTell(subscription: WebhookSubscriptionRow, db: Executor = this.db): Promise<string[]> {
    const [maker] = await db
      .select({ emailAddress: accounts.emailAddress, organisationId: accounts.organisationId, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, subscription.createdBy));
    const organisationId = subscription.organisationId ?? maker?.organisationId ?? null;
    if (organisationId !== null) {
      const admins = await db
        .select({ emailAddress: accounts.emailAddress })
        .from(accounts)
        .where(and(eq(accounts.organisationId, organisationId), eq(accounts.isAdmin, true), eq(accounts.status, 'ACTIVE')))
        .orderBy(asc(accounts.emailAddress));
      if (admins.length > 0) return admins.map((admin) => admin.emailAddress);
    }
    return maker && maker.status === 'ACTIVE' ? [maker.emailAddress] : [];
  }
}
