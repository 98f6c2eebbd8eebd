import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ConfigModule } from '../config/config.module';
import type { ServiceConfig } from '../config/service-config';
import { PlatformExceptionFilter } from '../errors/platform-exception.filter';
import { HealthController } from '../health/health.controller';
import { createValidationPipe } from '../http/validation.pipe';
import { RequestLogModule } from '../request-log/request-log.module';

/** What every service has: its configuration, the error body, validation, the API-call log, /health and /_ping. */
@Module({})
export class PlatformModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [ConfigModule.forRoot(config), RequestLogModule.forRoot(config)],
      controllers: [HealthController],
      providers: [
        { provide: APP_FILTER, useClass: PlatformExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
