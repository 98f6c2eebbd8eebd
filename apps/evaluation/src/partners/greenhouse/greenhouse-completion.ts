import { Injectable } from '@nestjs/common';
import type { Executor } from '@teamfit/database';
import { enqueueOutbox } from '@teamfit/outbox';
import { asc, eq } from 'drizzle-orm';
import { greenhouseInterviews } from '../../database/evaluation.schema';

/** The outbox type of the PATCH that tells Greenhouse a test is complete. */
export const GREENHOUSE_COMPLETED = 'partner.greenhouse.completed';

/**
 * Tells Greenhouse that an evaluation it sent is complete (docs/adr/0089-greenhouse-assessment-partner-api.md):
 * one body-less PATCH to the `url` of each send_test that led to the evaluation, written to the
 * outbox in the transaction that completes it, so it is sent (and retried on the webhooks' schedule until accepted) exactly
 * when the completion commits. Provided by the evaluations' module, whose completing answer calls
 * it: the Greenhouse module imports that one, not the other way round.
 */
@Injectable()
export class GreenhouseCompletion {
  async announce(tx: Executor, evaluationId: string): Promise<void> {
    const interviews = await tx
      .select({ id: greenhouseInterviews.id, organisationId: greenhouseInterviews.organisationId, url: greenhouseInterviews.callbackUrl })
      .from(greenhouseInterviews)
      .where(eq(greenhouseInterviews.evaluationId, evaluationId))
      .orderBy(asc(greenhouseInterviews.createdAt), asc(greenhouseInterviews.id));
    for (const interview of interviews) {
      await enqueueOutbox(tx, {
        type: GREENHOUSE_COMPLETED,
        organisationId: interview.organisationId,
        data: { partnerInterviewId: interview.id, evaluationId },
        callback: { method: 'PATCH', url: interview.url },
      });
    }
  }
}
