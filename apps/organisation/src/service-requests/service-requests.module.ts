import { Module } from '@nestjs/common';
import { AdminServiceRequestController } from './admin-service-request.controller';
import { AttachmentRepository } from './attachment.repository';
import { CommentRepository } from './comment.repository';
import { HistoryRepository } from './history.repository';
import { HubServiceRequestController } from './hub-service-request.controller';
import { HubServiceRequestService } from './hub-service-request.service';
import { ServiceRequestActivityService } from './service-request-activity.service';
import { ServiceRequestRepository } from './service-request.repository';
import { ServiceRequestService } from './service-request.service';
import { ServiceRequestWorkflow } from './service-request.workflow';
import { SlaBreachJob } from './sla-breach.job';

/**
 * The support desk (docs/service-requests.md): /admin/service-requests and /hub/service-requests.
 * The assignee e-mail goes through the platform Mailer (SMTP_URL), from the MailModule the app
 * root imports.
 */
@Module({
  controllers: [AdminServiceRequestController, HubServiceRequestController],
  providers: [
    ServiceRequestRepository,
    CommentRepository,
    AttachmentRepository,
    HistoryRepository,
    ServiceRequestWorkflow,
    ServiceRequestService,
    ServiceRequestActivityService,
    HubServiceRequestService,
    SlaBreachJob,
  ],
  // Erasure (../privacy) scrubs tickets, comments, history and attachments through their own repositories.
  exports: [ServiceRequestRepository, CommentRepository, HistoryRepository, AttachmentRepository],
})
export class ServiceRequestsModule {}
