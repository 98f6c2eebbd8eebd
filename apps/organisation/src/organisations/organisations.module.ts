import { Module } from '@nestjs/common';
import { OrganisationController } from './organisation.controller';
import { OrganisationLogoStore } from './organisation-logo.store';
import { OrganisationRepository } from './organisation.repository';
import { OrganisationService } from './organisation.service';

/** Organisations (/organisation) and their logos, stored in the media service. */
@Module({
  controllers: [OrganisationController],
  providers: [OrganisationRepository, OrganisationService, OrganisationLogoStore],
  exports: [OrganisationRepository],
})
export class OrganisationsModule {}
