import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { and, asc, eq, sql } from 'drizzle-orm';
import { evaluations, type GreenhouseInterviewRow, greenhouseInterviews, teams } from '../../database/evaluation.schema';
import type { EvaluationStatus } from '../../database/evaluation.schema';

export interface NewGreenhouseInterview {
  organisationId: string;
  evaluationId: string;
  callbackUrl: string;
  apiKeyId: string;
  createdAt: Date;
}

/** What test_status answers from: the interview's evaluation and its team. */
export interface GreenhouseInterviewState {
  evaluationId: string;
  status: EvaluationStatus;
  answered: number;
  total: number;
  overallScore: number | null;
  overallCategory: string | null;
  completedAt: Date | null;
  teamName: string;
}

/** The one gateway that writes `evaluation.greenhouse_interviews` (docs/adr/0089-greenhouse-assessment-partner-api.md). */
@Injectable()
export class GreenhouseInterviewRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The organisation's algorithm teams, the tests list_tests offers, by id. */
  teamsOf(organisationId: string): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(eq(teams.organisationId, organisationId))
      .orderBy(asc(teams.id));
  }

  /** The team, when it is one of the organisation's. */
  async teamOf(organisationId: string, teamId: number): Promise<{ id: number } | undefined> {
    const [row] = await this.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, teamId), eq(teams.organisationId, organisationId)))
      .limit(1);
    return row;
  }

  /** The interview an earlier send_test of this URL made for the organisation, with its test. */
  async findByCallback(
    organisationId: string,
    callbackUrl: string,
    db: Executor = this.db,
  ): Promise<(GreenhouseInterviewRow & { teamId: number }) | undefined> {
    const [row] = await db
      .select({ interview: greenhouseInterviews, teamId: evaluations.teamId })
      .from(greenhouseInterviews)
      .innerJoin(evaluations, eq(evaluations.id, greenhouseInterviews.evaluationId))
      .where(and(eq(greenhouseInterviews.organisationId, organisationId), eq(greenhouseInterviews.callbackUrl, callbackUrl)))
      .limit(1);
    return row ? { ...row.interview, teamId: row.teamId } : undefined;
  }

  /** Inserts the interview, or returns undefined when one of this URL exists (a concurrent retry won). */
  async insertIfNew(tx: Executor, values: NewGreenhouseInterview): Promise<GreenhouseInterviewRow | undefined> {
    const [row] = await tx
      .insert(greenhouseInterviews)
      .values(values)
      .onConflictDoNothing({ target: [greenhouseInterviews.organisationId, greenhouseInterviews.callbackUrl] })
      .returning();
    return row;
  }

  /** The interview's state, when it is one of the organisation's. */
  async stateOf(organisationId: string, interviewId: string): Promise<GreenhouseInterviewState | undefined> {
    const [row] = await this.db
      .select({
        evaluationId: evaluations.id,
        status: evaluations.status,
        answered: evaluations.answered,
        total: evaluations.total,
        overallScore: sql<number | null>`(${evaluations.results} ->> 'overallScore')::float8`,
        overallCategory: sql<string | null>`${evaluations.results} ->> 'overallCategory'`,
        completedAt: evaluations.completedAt,
        teamName: teams.name,
      })
      .from(greenhouseInterviews)
      .innerJoin(evaluations, eq(evaluations.id, greenhouseInterviews.evaluationId))
      .innerJoin(teams, eq(teams.id, evaluations.teamId))
      .where(and(eq(greenhouseInterviews.id, interviewId), eq(greenhouseInterviews.organisationId, organisationId)))
      .limit(1);
    return row;
  }
}
