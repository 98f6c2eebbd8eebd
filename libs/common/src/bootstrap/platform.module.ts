import { type DynamicModule, Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import type { Clock } from '../clock/clock';
import { ClockModule } from '../clock/clock.module';
import { ConfigModule } from '../config/config.module';
import type { ServiceConfig } from '../config/service-config';
import { DatabaseReadiness } from '../health/database-readiness';
import { HealthController } from '../health/health.controller';
import { createValidationPipe } from '../http/validation.pipe';
import { RequestLogModule } from '../request-log/request-log.module';

/**
 * What every service has: its configuration, its clock, validation, the API-call log, /health,
 * /health/ready and /_ping.
 * The error filter is installed by createServiceApp, which owns the service log it writes to.
 */
@Module({})
export class PlatformModule {
  static forRoot(config: ServiceConfig, clock?: Clock): DynamicModule {
    return {
      module: PlatformModule,
      imports: [ConfigModule.forRoot(config), ClockModule.forRoot(clock), RequestLogModule.forRoot(config)],
      controllers: [HealthController],
      providers: [{ provide: APP_PIPE, useFactory: createValidationPipe }, DatabaseReadiness],
    };
  }
}
