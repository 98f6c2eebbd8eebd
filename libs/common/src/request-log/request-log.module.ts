import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CONNECT_TIMEOUT_MS, survivingConnectionLoss } from '@teamfit/database';
import { Pool } from 'pg';
import type { ServiceConfig } from '../config/service-config';
import { RequestLogWriter } from './request-log.writer';

export const REQUEST_LOG_POOL = Symbol('REQUEST_LOG_POOL');

@Injectable()
class RequestLogLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(RequestLogWriter) private readonly writer: RequestLogWriter,
    @Inject(REQUEST_LOG_POOL) private readonly pool: Pool,
  ) {}

  /** A clean shutdown writes what is still buffered. */
  async onApplicationShutdown(): Promise<void> {
    await this.writer.close();
    await this.pool.end();
  }
}

/** The API-call log writer of a service, on a small pool of its own (never competing with requests). */
@Global()
@Module({})
export class RequestLogModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: RequestLogModule,
      providers: [
        {
          provide: REQUEST_LOG_POOL,
          useFactory: () => {
            const name = `${config.service}-request-log`;
            // Losing a connection, idle or mid-batch, must never take the service down; the batch is
            // dropped and counted, and the next one reconnects.
            return survivingConnectionLoss(
              new Pool({
                connectionString: config.databaseUrl,
                max: 2,
                application_name: name,
                connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
              }),
              name,
            );
          },
        },
        {
          provide: RequestLogWriter,
          inject: [REQUEST_LOG_POOL],
          useFactory: (pool: Pool) => {
            const writer = new RequestLogWriter(pool);
            writer.start();
            return writer;
          },
        },
        RequestLogLifecycle,
      ],
      exports: [RequestLogWriter],
    };
  }
}
