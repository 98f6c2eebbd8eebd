import { type DynamicModule, Module } from '@nestjs/common';
import type { Clock, ServiceConfig } from '@teamfit/common';
import { MailModule } from '@teamfit/mail';
import { serviceModule } from '@teamfit/platform';
import { KeySetController } from './keys/key-set.controller';
import { LoginController } from './login/login.controller';
import { LoginService } from './login/login.service';
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
    imports: [MailModule.forRoot(config)],
    controllers: [LoginController, KeySetController],
    providers: [LoginService],
    clock: options.now,
  });
