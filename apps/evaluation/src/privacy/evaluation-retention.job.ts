import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { type Clock, InjectClock, InjectConfig, type ServiceConfig } from '@teamfit/common';
import { type Database, InjectDatabase, withAdvisoryLockIfFree } from '@teamfit/database';
import { EvaluationRetentionRepository, NO_ROWS, type RetentionCounts } from './evaluation-retention.repository';

const DAY_MS = 86_400_000;
/** Evaluations erased per transaction: a large first pass never holds one long transaction. */
export const RETENTION_BATCH = 200;
/** Held while a batch is erased: one instance at a time; the others stop rather than queue. */
const RETENTION_LOCK = 'evaluation.evaluations retention';

export type EvaluationRetentionOutcome =
  | ({ outcome: 'ran'; cutoff: string } & RetentionCounts)
  /** Another instance was erasing a batch; it carries on with the rest. */
  | ({ outcome: 'busy'; cutoff: string } & RetentionCounts);

/** `months` calendar months before `now` (UTC), the last day of a shorter month when the day is missing. */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
}

/**
 * Candidates' results are not kept forever: completed evaluations of personas that are not
 * ACTIVE go RETENTION_CANDIDATE_MONTHS after completion. Every instance runs a pass at start and
 * daily after; a pass erases in batches, each one transaction under a try-lock, so instances
 * never erase the same rows and one that finds another at work leaves the rest to it. A pass
 * finding nothing due erases nothing: running it again, or on several instances, is harmless.
 */
@Injectable()
export class EvaluationRetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('EvaluationRetention');
  private readonly months: number;
  /** Evaluations erased per transaction (a test makes it small to see a pass take several). */
  batchSize = RETENTION_BATCH;
  /** The pass at start, not awaited by the start itself; settles with its outcome (undefined: it failed). */
  startupPass: Promise<EvaluationRetentionOutcome | undefined> = Promise.resolve(undefined);

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: EvaluationRetentionRepository,
    @InjectClock() private readonly now: Clock,
    @InjectConfig() config: ServiceConfig,
  ) {
    this.months = config.retention.candidateMonths;
  }

  onApplicationBootstrap(): void {
    this.startupPass = this.run();
  }

  @Interval('evaluation-retention', DAY_MS)
  async run(): Promise<EvaluationRetentionOutcome | undefined> {
    const cutoff = monthsBefore(this.now(), this.months);
    const totals: RetentionCounts = { ...NO_ROWS };
    try {
      for (;;) {
        const batch = await withAdvisoryLockIfFree(this.db, RETENTION_LOCK, (tx) => this.repository.eraseBatch(tx, cutoff, this.batchSize));
        if (!batch.ran) return this.report({ outcome: 'busy', cutoff: cutoff.toISOString(), ...totals });
        for (const key of Object.keys(totals) as (keyof RetentionCounts)[]) totals[key] += batch.value[key];
        if (batch.value.evaluations < this.batchSize) return this.report({ outcome: 'ran', cutoff: cutoff.toISOString(), ...totals });
      }
    } catch (error) {
      this.logger.warn(`evaluation retention failed after erasing ${totals.evaluations} evaluation(s): ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Counts and the cutoff only: the log never names a persona or an evaluation. */
  private report(outcome: EvaluationRetentionOutcome): EvaluationRetentionOutcome {
    const erased =
      `erased ${outcome.evaluations} completed evaluation(s) of personas not ACTIVE completed before ${outcome.cutoff} ` +
      `(${this.months} months): ${outcome.answers} answer(s), ${outcome.scoreProfiles} score profile(s); ${outcome.teams} team context(s) changed`;
    this.logger.log(outcome.outcome === 'busy' ? `${erased}; another instance is erasing the rest` : erased);
    return outcome;
  }
}
