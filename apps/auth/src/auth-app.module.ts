import { type DynamicModule, Module } from '@nestjs/common';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { MailModule } from '@teamfit/mail';
import { serviceModule } from '@teamfit/platform';
import { KeysModule } from './keys/keys.module';
import { LoginModule } from './login/login.module';
import openApiMetadata from './openapi.metadata';

@Module({})
export class AuthAppModule {}

export interface AuthAppOptions {
  /** Tests move time forward instead of waiting for codes to expire. */
  now?: Clock;
}

export const authAppModule = (config: ServiceConfig, options: AuthAppOptions = {}): DynamicModule =>
  serviceModule(config, AuthAppModule, {
    openApiMetadata,
    imports: [MailModule.forRoot(config), LoginModule, KeysModule],
    clock: options.now,
  });
