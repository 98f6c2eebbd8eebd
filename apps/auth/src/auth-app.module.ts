import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';

@Module({})
export class AuthAppModule {}

export const authAppModule = (config: ServiceConfig): DynamicModule => serviceModule(config, AuthAppModule);
