import { Module } from '@nestjs/common';
import { EvaluationsModule } from '../../evaluations/evaluations.module';
import { InvitationsModule } from '../../invitations/invitations.module';
import { GreenhouseController } from './greenhouse.controller';
import { GreenhouseInterviewRepository } from './greenhouse-interview.repository';
import { GreenhouseService } from './greenhouse.service';

/**
 * /partners/greenhouse: the Greenhouse assessment partner API (docs/adr/0089-greenhouse-assessment-partner-api.md).
 * The repository is exported: the completing answer reads the interviews to announce it to.
 */
@Module({
  imports: [EvaluationsModule, InvitationsModule],
  controllers: [GreenhouseController],
  providers: [GreenhouseInterviewRepository, GreenhouseService],
  exports: [GreenhouseInterviewRepository],
})
export class GreenhouseModule {}
