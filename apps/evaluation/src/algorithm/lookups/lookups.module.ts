import { Module } from '@nestjs/common';
import { lookupController } from './lookup.controller';
import { LOOKUP_COLLECTIONS, LOOKUPS } from './lookup.descriptors';
import { LookupRepository } from './lookup.repository';
import { LookupService } from './lookup.service';

/**
 * /algorithm/{lookup} for each lookup collection: one controller each, built from its descriptor.
 * The service is exported: writes that store lookup ids lock them through it.
 */
@Module({
  controllers: LOOKUP_COLLECTIONS.map((collection) => lookupController(LOOKUPS[collection])),
  providers: [LookupRepository, LookupService],
  exports: [LookupService],
})
export class LookupsModule {}
