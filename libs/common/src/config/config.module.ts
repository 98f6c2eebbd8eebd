import { type DynamicModule, Global, Inject, Module } from '@nestjs/common';
import type { ServiceConfig } from './service-config';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

/** Injects the service's validated configuration. */
export const InjectConfig = (): ParameterDecorator => Inject(SERVICE_CONFIG);

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: SERVICE_CONFIG, useValue: config }],
      exports: [SERVICE_CONFIG],
    };
  }
}
