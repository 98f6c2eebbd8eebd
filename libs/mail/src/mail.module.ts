import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { ServiceConfig } from '@teamfit/common';
import { Mailer } from './mailer';

@Injectable()
class MailerCloser implements OnApplicationShutdown {
  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}

@Global()
@Module({})
export class MailModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: MailModule,
      providers: [{ provide: Mailer, useFactory: () => new Mailer(config.mail.smtpUrl, config.mail.from) }, MailerCloser],
      exports: [Mailer],
    };
  }
}
