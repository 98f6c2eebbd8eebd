import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';

export const DATABASE = Symbol('DATABASE');
export type Database = NodePgDatabase<Record<string, never>>;

/** Injects the service's Drizzle database handle. */
export const InjectDatabase = (): ParameterDecorator => Inject(DATABASE);

export function createPool(databaseUrl: string, applicationName: string): Pool {
  return new Pool({ connectionString: databaseUrl, max: 10, application_name: applicationName });
}

@Injectable()
class PoolCloser implements OnApplicationShutdown {
  constructor(@Inject(Pool) private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: { databaseUrl: string; applicationName: string }): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: Pool, useFactory: () => createPool(options.databaseUrl, options.applicationName) },
        { provide: DATABASE, inject: [Pool], useFactory: (pool: Pool): Database => drizzle({ client: pool }) },
        PoolCloser,
      ],
      exports: [DATABASE, Pool],
    };
  }
}
