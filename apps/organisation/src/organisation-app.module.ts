import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '@teamfit/common';
import { serviceModule } from '@teamfit/platform';
import { AccountController } from './accounts/account.controller';
import { AccountRepository } from './accounts/account.repository';
import { AccountService } from './accounts/account.service';
import { AdminAccountSeeder } from './accounts/admin-account.seeder';

@Module({})
export class OrganisationAppModule {}

export const organisationAppModule = (config: ServiceConfig): DynamicModule =>
  serviceModule(config, OrganisationAppModule, {
    controllers: [AccountController],
    providers: [AccountRepository, AccountService, AdminAccountSeeder],
  });
