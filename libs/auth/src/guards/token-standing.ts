import { Inject, Injectable } from '@nestjs/common';
import { accounts } from '@teamfit/accounts';
import { type Clock, InjectClock, LruMap } from '@teamfit/common';
import { POINT_READS, type PointReads } from '@teamfit/database';
import { personaErasures, subjectHashOf } from '@teamfit/privacy';
import { eq } from 'drizzle-orm';

/**
 * How long a process trusts what it read about a token's subject (docs/adr/0067-rights-read-from-the-account.md).
 * A demoted, blocked or deleted account and an erased persona are refused at most this long after
 * the change commits; the erasure of a persona does not report COMPLETE before this has passed
 * since every part was recorded, so from then on every service refuses the persona's tokens.
 */
export const TOKEN_STANDING_TTL_MS = 2_000;

/** Subjects whose standing one process remembers at once; past it the least recently used goes. */
const STANDING_CACHE_SIZE = 4_096;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the account table says now about the subject of an account token. */
export interface AccountStanding {
  /** The account exists and is not blocked: its tokens are good. */
  active: boolean;
  /** It is an administrator now. */
  isAdmin: boolean;
}

const GONE: AccountStanding = Object.freeze({ active: false, isAdmin: false });

interface Entry<Value> {
  expiresAt: number;
  value: Value | undefined;
  pending: Promise<Value> | undefined;
}

/**
 * The standing of a token's subject, read from the database rather than from the token: whether
 * an account still exists, is not blocked and is an administrator, and whether a persona has been
 * erased. One point read by a unique key per subject (`PointReads`: a shared read-only connection
 * no row lock can stall), remembered per process for {@link TOKEN_STANDING_TTL_MS} by the
 * service's clock, so a busy subject costs one read per window, not one per request. Concurrent
 * requests of a subject whose entry ran out share one read. A read that fails is not remembered:
 * the request fails with it (a database outage is 503, like every other read).
 */
@Injectable()
export class TokenStanding {
  private readonly accounts = new LruMap<string, Entry<AccountStanding>>(STANDING_CACHE_SIZE);
  private readonly personas = new LruMap<string, Entry<boolean>>(STANDING_CACHE_SIZE);

  constructor(
    @Inject(POINT_READS) private readonly reads: PointReads,
    @InjectClock() private readonly clock: Clock,
  ) {}

  /** The account's standing: the remembered value when fresh (synchronous), else a promise of a new read. */
  account(accountId: string): AccountStanding | Promise<AccountStanding> {
    if (!UUID.test(accountId)) return GONE;
    return this.lookUp(this.accounts, accountId.toLowerCase(), (id) => this.readAccount(id));
  }

  /** Whether the persona has been erased (its erasure record exists, complete or not). */
  personaErased(personaId: string): boolean | Promise<boolean> {
    return this.lookUp(this.personas, personaId.toLowerCase(), (id) => this.readErasure(id));
  }

  private lookUp<Value>(cache: LruMap<string, Entry<Value>>, key: string, read: (key: string) => Promise<Value>): Value | Promise<Value> {
    const now = this.clock().getTime();
    const entry = cache.get(key);
    if (entry !== undefined && entry.expiresAt > now) {
      if (entry.value !== undefined) return entry.value;
      if (entry.pending !== undefined) return entry.pending;
    }
    const fresh: Entry<Value> = { expiresAt: Number.POSITIVE_INFINITY, value: undefined, pending: undefined };
    // The window starts when the read is sent: what it answers may be that old when it is used.
    const sentAt = now;
    fresh.pending = read(key).then(
      (value) => {
        fresh.value = value;
        fresh.pending = undefined;
        fresh.expiresAt = sentAt + TOKEN_STANDING_TTL_MS;
        return value;
      },
      (error: unknown) => {
        if (cache.get(key) === fresh) cache.delete(key);
        throw error;
      },
    );
    cache.set(key, fresh);
    return fresh.pending;
  }

  private async readAccount(id: string): Promise<AccountStanding> {
    const [row] = await this.reads.db
      .select({ isAdmin: accounts.isAdmin, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, id))
      .limit(1);
    if (!row || row.status === 'BLOCKED') return GONE;
    return { active: true, isAdmin: row.isAdmin };
  }

  private async readErasure(personaId: string): Promise<boolean> {
    const [row] = await this.reads.db
      .select({ id: personaErasures.id })
      .from(personaErasures)
      .where(eq(personaErasures.subjectHash, subjectHashOf(personaId)))
      .limit(1);
    return row !== undefined;
  }
}
