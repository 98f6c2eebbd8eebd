import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';

@Module({})
export class OrganisationAppModule {}

export const organisationAppModule = (config: ServiceConfig): DynamicModule => serviceModule(config, OrganisationAppModule);
