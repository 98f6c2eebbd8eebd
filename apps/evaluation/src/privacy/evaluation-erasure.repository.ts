import { Injectable } from '@nestjs/common';
import type { Transaction } from '@teamfit/database';
import { personas } from '@teamfit/personas';
import { type ErasureIdentity, type ErasurePartRepository, type EvaluationErasureCounts } from '@teamfit/privacy';
import { eq, inArray, sql } from 'drizzle-orm';
import { evaluationAnswers, evaluations, evaluationScoreProfiles, teams, userExperiences, userGoals } from '../database/evaluation.schema';

/**
 * The evaluation service's part of a persona's erasure, in one transaction: its evaluations with
 * their answers and score profiles, its place in algorithm teams, and the experience and goal
 * records of its user id. Teams keep working without the member: taking the persona out of a
 * member list and removing its score profiles both give the team a new profiles version
 * (triggers, migration 0005), so no cached team aggregate still counts it.
 */
@Injectable()
export class EvaluationErasureRepository implements ErasurePartRepository {
  async erase(tx: Transaction, identity: ErasureIdentity): Promise<EvaluationErasureCounts> {
    const { personaId, userNumber } = identity;
    const teamsLeft = await tx
      .update(teams)
      .set({ memberPersonaIds: sql`array_remove(${teams.memberPersonaIds}, ${personaId}::uuid)` })
      .where(sql`${teams.memberPersonaIds} @> ARRAY[${personaId}::uuid]`)
      .returning({ id: teams.id });
    const own = tx.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.personaId, personaId));
    const answers = await tx.delete(evaluationAnswers).where(inArray(evaluationAnswers.evaluationId, own)).returning({ id: evaluationAnswers.evaluationId });
    const profiles = await tx.delete(evaluationScoreProfiles).where(eq(evaluationScoreProfiles.personaId, personaId)).returning({ id: evaluationScoreProfiles.evaluationId });
    const removed = await tx.delete(evaluations).where(eq(evaluations.personaId, personaId)).returning({ id: evaluations.id });
    // Records are keyed by the user id, which a creator may give several personas: they go with the last of them.
    const [sharer] = await tx.select({ id: personas.id }).from(personas).where(eq(personas.userNumber, userNumber)).limit(1);
    const experiences = sharer ? [] : await tx.delete(userExperiences).where(eq(userExperiences.userId, userNumber)).returning({ id: userExperiences.userId });
    const goals = sharer ? [] : await tx.delete(userGoals).where(eq(userGoals.userId, userNumber)).returning({ id: userGoals.userId });
    return {
      evaluations: removed.length,
      answers: answers.length,
      scoreProfiles: profiles.length,
      teamMemberships: teamsLeft.length,
      experiences: experiences.length,
      goals: goals.length,
    };
  }
}
