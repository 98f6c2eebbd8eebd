import { Module } from '@nestjs/common';
import { masterDataController } from './master-data.controller';
import { MasterDataRepository } from './master-data.repository';
import { MasterDataService } from './master-data.service';
import { MASTER_DATA_TYPES } from './master-data.types';

/** Country, industry, function, education level, study major, skill and location (docs/assessment.md). */
@Module({
  controllers: MASTER_DATA_TYPES.map(masterDataController),
  providers: [MasterDataRepository, MasterDataService],
})
export class MasterDataModule {}
