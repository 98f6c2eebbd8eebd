import { type DynamicModule, Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import type { Clock } from '../clock/clock';
import { ClockModule } from '../clock/clock.module';
import { ConfigModule, SERVICE_CONFIG } from '../config/config.module';
import type { ServiceConfig } from '../config/service-config';
import { DatabaseReadiness } from '../health/database-readiness';
import { HealthController } from '../health/health.controller';
import { createValidationPipe } from '../http/validation.pipe';
import { OPENAPI_METADATA, type OpenApiMetadata } from './openapi-metadata';
import { RequestLogModule } from '../request-log/request-log.module';
import { MetricsController } from '../metrics/metrics.controller';
import { ServiceMetrics } from '../metrics/service-metrics';
import { TracingShutdown } from './tracing-shutdown';

export interface PlatformOptions {
  /** "Now" of the service (`@InjectClock()`); tests move it instead of waiting. */
  clock?: Clock;
  /** The service's `openapi.metadata.ts`, loaded before it describes itself. */
  openApiMetadata?: OpenApiMetadata;
}

/**
 * What every service has: its configuration, its clock, validation, the API-call log, /health,
 * /health/ready, /_ping and its metrics (/metrics).
 * The error filter is installed by createServiceApp, which owns the service log it writes to.
 */
@Module({})
export class PlatformModule {
  static forRoot(config: ServiceConfig, options: PlatformOptions = {}): DynamicModule {
    return {
      module: PlatformModule,
      imports: [ConfigModule.forRoot(config), ClockModule.forRoot(options.clock), RequestLogModule.forRoot(config)],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        DatabaseReadiness,
        TracingShutdown,
        { provide: ServiceMetrics, inject: [SERVICE_CONFIG], useFactory: (service: ServiceConfig) => new ServiceMetrics(service.service) },
        { provide: OPENAPI_METADATA, useValue: options.openApiMetadata ?? null },
      ],
      exports: [ServiceMetrics],
    };
  }
}
