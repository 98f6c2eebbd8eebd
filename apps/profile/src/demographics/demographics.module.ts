import { Module } from '@nestjs/common';
import { PersonasModule } from '../personas/personas.module';
import { DemographicsController } from './demographics.controller';
import { DemographicsRepository } from './demographics.repository';
import { DemographicsService } from './demographics.service';

/** /persona/:id/demographics. The repository is exported: erasure removes the row through it. */
@Module({
  imports: [PersonasModule],
  controllers: [DemographicsController],
  providers: [DemographicsRepository, DemographicsService],
  exports: [DemographicsRepository],
})
export class DemographicsModule {}
