import { Injectable } from '@nestjs/common';
import type { Executor } from '@teamfit/database';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type EvaluationInvitationRow, evaluationInvitations, evaluations } from '../database/evaluation.schema';

export interface NewInvitation {
  evaluationId: string;
  /** The inviting account's id. */
  invitedBy: string;
  invitedAt: Date;
}

/**
 * The one gateway that writes evaluation_invitations. Reads of an evaluation's newest invitation
 * (its `invitedAt`) are part of the evaluation's own reads (EvaluationRepository).
 */
@Injectable()
export class EvaluationInvitationRepository {
  /**
   * Records an invitation of an evaluation that exists and is not complete, checked by the
   * statement that writes it, so an evaluation completed or erased a moment before records none.
   * Undefined: nothing was recorded (the caller reads the evaluation to say why).
   */
  async insertIfOpen(tx: Executor, invitation: NewInvitation): Promise<EvaluationInvitationRow | undefined> {
    const [row] = await tx
      .insert(evaluationInvitations)
      .select(
        tx
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            evaluationId: evaluations.id,
            invitedBy: sql<string>`${invitation.invitedBy}::uuid`.as('invited_by'),
            invitedAt: sql<Date>`${invitation.invitedAt.toISOString()}::timestamptz`.as('invited_at'),
          })
          .from(evaluations)
          .where(and(eq(evaluations.id, invitation.evaluationId), ne(evaluations.status, 'complete'))),
      )
      .returning();
    return row;
  }
}
