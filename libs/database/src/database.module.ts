import { type DynamicModule, Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';

export const DATABASE = Symbol('DATABASE');
export type Database = NodePgDatabase<Record<string, never>>;

/** Injects the service's Drizzle database handle. */
export const InjectDatabase = (): ParameterDecorator => Inject(DATABASE);

export function createPool(databaseUrl: string, applicationName: string): Pool {
  const pool = new Pool({ connectionString: databaseUrl, max: 10, application_name: applicationName });
  // An idle connection the server closes (restart, failover) is an event, not a reason to crash;
  // the pool replaces it on the next query.
  pool.on('error', (error) => logger.warn(`idle database connection lost: ${error.message}`));
  return pool;
}

const logger = new Logger('Database');

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
