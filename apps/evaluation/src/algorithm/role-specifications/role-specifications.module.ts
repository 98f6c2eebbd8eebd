import { Module } from '@nestjs/common';
import { RoleSpecificationController } from './role-specification.controller';
import { RoleSpecificationRepository } from './role-specification.repository';
import { RoleSpecificationService } from './role-specification.service';

/** /algorithm/rolespecifications. */
@Module({
  controllers: [RoleSpecificationController],
  providers: [RoleSpecificationRepository, RoleSpecificationService],
})
export class RoleSpecificationsModule {}
