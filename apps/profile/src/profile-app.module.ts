import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';

@Module({})
export class ProfileAppModule {}

export const profileAppModule = (config: ServiceConfig): DynamicModule => serviceModule(config, ProfileAppModule);
