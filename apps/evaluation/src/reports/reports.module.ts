import { Module } from '@nestjs/common';
import { ItemStatisticsController } from './item-statistics.controller';
import { ItemStatisticsRepository } from './item-statistics.repository';
import { ItemStatisticsService } from './item-statistics.service';

/** /reports: what the platform publishes about its instruments (docs/fairness.md, "Item statistics"). */
@Module({
  controllers: [ItemStatisticsController],
  providers: [ItemStatisticsRepository, ItemStatisticsService],
})
export class ReportsModule {}
