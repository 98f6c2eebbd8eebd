import { Injectable } from '@nestjs/common';
import type { Executor, Transaction } from '@teamfit/database';
import { personas } from '@teamfit/personas';
import type { ErasureIdentity, ErasurePartRepository, EvaluationErasureCounts } from '@teamfit/privacy';
import { eq } from 'drizzle-orm';
import { TeamRepository } from '../algorithm/teams/team.repository';
import { UserExperienceRepository } from '../algorithm/user-records/user-experience.repository';
import { UserGoalRepository } from '../algorithm/user-records/user-goal.repository';
import { EvaluationRepository } from '../evaluations/evaluation.repository';
import { EvaluationReviewRepository } from '../reviews/evaluation-review.repository';

/**
 * The evaluation service's part of a persona's erasure, in the one transaction the erasure worker
 * (libs/privacy) opens for it: its place in algorithm teams, its evaluations with their answers,
 * score profiles and reviews, and the experience and goal records of its user id, each through the
 * repository of its table. Teams keep working without the member: taking the persona out of a
 * member list and removing its score profiles both give the team a new profiles version
 * (triggers, migration 0005), so no cached team aggregate still counts it.
 */
@Injectable()
export class EvaluationErasureService implements ErasurePartRepository {
  constructor(
    private readonly teams: TeamRepository,
    private readonly evaluations: EvaluationRepository,
    private readonly reviews: EvaluationReviewRepository,
    private readonly experiences: UserExperienceRepository,
    private readonly goals: UserGoalRepository,
  ) {}

  async erase(tx: Transaction, identity: ErasureIdentity): Promise<EvaluationErasureCounts> {
    const { personaId, userNumber } = identity;
    const teamsLeft = await this.teams.removeMember(tx, personaId);
    // Before the evaluations they belong to, so that the erasure counts them.
    const reviews = await this.reviews.deleteOfPersona(tx, personaId);
    const erased = await this.evaluations.eraseOfPersona(tx, personaId);
    // Records are keyed by the user id, which a creator may give several personas: they go with the last of them.
    const shared = await userNumberStillUsed(tx, userNumber);
    const experiences = !shared && (await this.experiences.delete(tx, userNumber));
    const goals = !shared && (await this.goals.delete(tx, userNumber));
    return { ...erased, reviews, teamMemberships: teamsLeft.length, experiences: Number(experiences), goals: Number(goals) };
  }
}

/** Whether another persona still has this user id: `personas` is the profile service's table, only read here. */
async function userNumberStillUsed(tx: Executor, userNumber: number): Promise<boolean> {
  const [sharer] = await tx.select({ id: personas.id }).from(personas).where(eq(personas.userNumber, userNumber)).limit(1);
  return sharer !== undefined;
}
