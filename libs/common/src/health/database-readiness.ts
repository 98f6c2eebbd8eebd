import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { isDatabaseUnavailable } from '@teamfit/database';
import { DomainError } from '../errors/domain-error';

/**
 * Longest a readiness check waits for its `select 1`, connection included: a probe must answer
 * promptly whatever the database does (the pool alone would wait 3 s for a connection).
 */
export const READINESS_TIMEOUT_MS = 1_000;

/** Whether the service reaches its database, through the pool its requests use. */
@Injectable()
export class DatabaseReadiness {
  constructor(@Inject(Pool) private readonly pool: Pool) {}

  async check(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new DomainError('unavailable', `The database did not answer within ${READINESS_TIMEOUT_MS} ms`)),
        READINESS_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.pool.query('SELECT 1'), timeout]);
    } catch (error) {
      // A lost or refused connection is the platform's usual 503, logged with its reason.
      if (error instanceof DomainError || isDatabaseUnavailable(error)) throw error;
      throw new DomainError('unavailable', 'The database is not ready');
    } finally {
      clearTimeout(timer);
    }
  }
}
