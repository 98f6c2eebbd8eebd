import { Injectable } from '@nestjs/common';
import { type Clock, type DailyCount, InjectClock, RequestLogReader } from '@teamfit/common';
import { type Database, InjectReadDatabase } from '@teamfit/database';
import { EvaluationStatistics } from '@teamfit/evaluations';
import { ProfileStatistics } from '@teamfit/personas';
import { count } from 'drizzle-orm';
import { organisations } from '../database/organisation.schema';

/** The charts cover today and the 89 days before it (UTC). */
export const STATISTICS_WINDOW_DAYS = 90;

export type DailySeries = Array<{ date: string } & Record<string, number | string>>;

/** One object per day with data, ascending; only the keys that had calls that day. */
export function toDailySeries(counts: DailyCount[]): DailySeries {
  const byDay = new Map<string, { date: string } & Record<string, number | string>>();
  for (const { day, key, calls } of counts) {
    const entry = byDay.get(day) ?? { date: day };
    entry[key] = calls;
    byDay.set(day, entry);
  }
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** GET /organisation/stats: counts across the services' data. */
export interface PlatformOverview {
  organisation: { totalNumberOfOrganisation: number };
  user: { totalActiveUsers: number; totalInactiveUsers: number };
  evaluations: { totalEvaluations: number; totalEvaluationsInProgress: number; totalEvaluationsCompleted: number };
  persona: {
    totalNumberOfPersonas: number;
    totalNumberOfCandidates: number;
    totalNumberOfEmployee: number;
    totalNumberOfHR: number;
    totalNumberOfTeamManager: number;
    totalNumberOfManager: number;
  };
  team: { totalNumberOfTeam: number };
}

/** Counts and charts tolerate replication lag: every read here goes to the read replica. */
@Injectable()
export class StatisticsService {
  private readonly log: RequestLogReader;
  private readonly profile: ProfileStatistics;
  private readonly evaluations: EvaluationStatistics;

  constructor(
    @InjectReadDatabase() private readonly db: Database,
    @InjectClock() private readonly now: Clock,
  ) {
    this.log = new RequestLogReader(db.$client);
    this.profile = new ProfileStatistics(db);
    this.evaluations = new EvaluationStatistics(db.$client);
  }

  /** The counts of every service, read through their read modules, in parallel. */
  async overview(): Promise<PlatformOverview> {
    const [organisationCount, personaCounts, teamCount, evaluationCounts] = await Promise.all([
      this.db.select({ n: count() }).from(organisations),
      this.profile.personaCounts(),
      this.profile.teamCount(),
      this.evaluations.counts(),
    ]);
    return {
      organisation: { totalNumberOfOrganisation: organisationCount[0]?.n ?? 0 },
      user: { totalActiveUsers: personaCounts.active, totalInactiveUsers: personaCounts.inactive },
      evaluations: {
        totalEvaluations: evaluationCounts.total,
        totalEvaluationsInProgress: evaluationCounts.inProgress,
        totalEvaluationsCompleted: evaluationCounts.completed,
      },
      persona: {
        totalNumberOfPersonas: personaCounts.total,
        totalNumberOfCandidates: personaCounts.candidates,
        totalNumberOfEmployee: personaCounts.employees,
        totalNumberOfHR: personaCounts.hr,
        totalNumberOfTeamManager: personaCounts.teamManagers,
        totalNumberOfManager: personaCounts.managers,
      },
      team: { totalNumberOfTeam: teamCount },
    };
  }

  async visitors(): Promise<DailySeries> {
    const { since, until } = this.window();
    return toDailySeries(await this.log.byDevice(since, until));
  }

  async byApp(): Promise<DailySeries> {
    const { since, until } = this.window();
    return toDailySeries(await this.log.byCallerApp(since, until));
  }

  private window(): { since: string; until: string } {
    const today = this.now();
    const since = new Date(today.getTime() - (STATISTICS_WINDOW_DAYS - 1) * 86_400_000);
    return { since: since.toISOString().slice(0, 10), until: today.toISOString().slice(0, 10) };
  }
}
