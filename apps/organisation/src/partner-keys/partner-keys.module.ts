import { Module } from '@nestjs/common';
import { OrganisationsModule } from '../organisations/organisations.module';
import { PartnerApiKeyController } from './partner-api-key.controller';
import { PartnerApiKeyRepository } from './partner-api-key.repository';
import { PartnerApiKeyService } from './partner-api-key.service';

/** /organisations/:id/api-keys: partner API keys (docs/adr/0088-partner-api-keys.md). */
@Module({
  imports: [OrganisationsModule],
  controllers: [PartnerApiKeyController],
  providers: [PartnerApiKeyRepository, PartnerApiKeyService],
})
export class PartnerKeysModule {}
