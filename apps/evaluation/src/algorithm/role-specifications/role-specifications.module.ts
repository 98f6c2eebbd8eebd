import { Module } from '@nestjs/common';
import { LookupsModule } from '../lookups/lookups.module';
import { RoleSpecificationController } from './role-specification.controller';
import { RoleSpecificationRepository } from './role-specification.repository';
import { RoleSpecificationService } from './role-specification.service';

/** /algorithm/rolespecifications. */
@Module({
  imports: [LookupsModule],
  controllers: [RoleSpecificationController],
  providers: [RoleSpecificationRepository, RoleSpecificationService],
})
export class RoleSpecificationsModule {}
