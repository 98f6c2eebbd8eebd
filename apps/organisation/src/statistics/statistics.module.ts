import { Module } from '@nestjs/common';
import { StatisticsController } from './statistics.controller';
import { StatisticsService } from './statistics.service';
import { TelemetryRetentionJob } from './telemetry-retention.job';

/** Usage statistics (/stats) from the API-call log, and the log's retention, which this service runs. */
@Module({
  controllers: [StatisticsController],
  providers: [StatisticsService, TelemetryRetentionJob],
})
export class StatisticsModule {}
