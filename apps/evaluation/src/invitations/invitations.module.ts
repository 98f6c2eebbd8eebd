import { Module } from '@nestjs/common';
import { EvaluationsModule } from '../evaluations/evaluations.module';
import { EvaluationInvitationController } from './evaluation-invitation.controller';
import { EvaluationInvitationRepository } from './evaluation-invitation.repository';
import { EvaluationInvitationService } from './evaluation-invitation.service';

/**
 * POST /evaluation/:id/invitation: the persona of an evaluation is e-mailed a link to the hub
 * (docs/adr/0077-evaluation-invitations.md). The Mailer comes from the MailModule the app imports.
 */
@Module({
  imports: [EvaluationsModule],
  controllers: [EvaluationInvitationController],
  providers: [EvaluationInvitationRepository, EvaluationInvitationService],
  exports: [EvaluationInvitationService],
})
export class InvitationsModule {}
