import { Module } from '@nestjs/common';
import { lookupController } from './lookup.controller';
import { LOOKUP_COLLECTIONS, LOOKUPS } from './lookup.descriptors';
import { LookupRepository } from './lookup.repository';
import { LookupService } from './lookup.service';

/** /algorithm/{lookup} for each lookup collection: one controller each, built from its descriptor. */
@Module({
  controllers: LOOKUP_COLLECTIONS.map((collection) => lookupController(LOOKUPS[collection])),
  providers: [LookupRepository, LookupService],
})
export class LookupsModule {}
