import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { type Clock, InjectClock, InjectConfig, type ServiceConfig } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase, withAdvisoryLockIfFree } from '@teamfit/database';
import { TeamRepository } from '../algorithm/teams/team.repository';
import { EvaluationRepository } from '../evaluations/evaluation.repository';

const DAY_MS = 86_400_000;
/** Evaluations erased per transaction: a large first pass never holds one long transaction. */
export const RETENTION_BATCH = 200;
/** Held while a batch is erased: one instance at a time; the others stop rather than queue. */
const RETENTION_LOCK = 'evaluation.evaluations retention';

/** What one batch of the retention erased: counts only, never whose. */
export interface RetentionCounts {
  evaluations: number;
  answers: number;
  scoreProfiles: number;
  /** Teams with a member whose score profile went: their team context changed. */
  teams: number;
}

const NO_ROWS: RetentionCounts = { evaluations: 0, answers: 0, scoreProfiles: 0, teams: 0 };

export type EvaluationRetentionOutcome =
  | ({ outcome: 'ran'; cutoff: string } & RetentionCounts)
  /** Another instance was erasing a batch; it carries on with the rest. */
  | ({ outcome: 'busy'; cutoff: string } & RetentionCounts);

/** `months` calendar months before `now` (UTC), the last day of a shorter month when the day is missing. */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth() - months,
      1,
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
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
    private readonly evaluations: EvaluationRepository,
    private readonly teams: TeamRepository,
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
        const batch = await withAdvisoryLockIfFree(this.db, RETENTION_LOCK, (tx) => this.eraseBatch(tx, cutoff));
        if (!batch.ran) return this.report({ outcome: 'busy', cutoff: cutoff.toISOString(), ...totals });
        for (const key of Object.keys(totals) as (keyof RetentionCounts)[]) totals[key] += batch.value[key];
        if (batch.value.evaluations < this.batchSize) return this.report({ outcome: 'ran', cutoff: cutoff.toISOString(), ...totals });
      }
    } catch (error) {
      this.logger.warn(`evaluation retention failed after erasing ${totals.evaluations} evaluation(s): ${(error as Error).message}`);
      return undefined;
    }
  }

  /**
   * Up to a batch of the evaluations due, oldest first, in the caller's transaction: answers,
   * stored score profile and the evaluation with its results. Removing a score profile changes the
   * profiles version of every team the persona is a member of (the triggers of migration 0005),
   * so no cached team context outlives it, and a team's next context is built without it.
   */
  private async eraseBatch(tx: Executor, cutoff: Date): Promise<RetentionCounts> {
    const { profilePersonaIds, ...erased } = await this.evaluations.eraseRetained(tx, cutoff, this.batchSize);
    return { ...erased, teams: await this.teams.countWithAnyMember(profilePersonaIds, tx) };
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
