import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectConfig, type ServiceConfig } from '@teamfit/common';
import { type Database, InjectDatabase, type Transaction } from '@teamfit/database';
import type { ErasureCounts, ErasureIdentity } from './erasure-identity';
import type { ErasurePart } from './persona-erasure.tables';
import { ERASURE_SWEEP_MS, PersonaErasureWorker } from './persona-erasure.worker';

/** A service's statements for its part of an erasure, run inside the part's transaction. */
export interface ErasurePartRepository {
  erase(tx: Transaction, identity: ErasureIdentity): Promise<ErasureCounts>;
}

export interface PersonaErasureJob extends OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly worker: PersonaErasureWorker;
}

/**
 * The provider that runs a service's part of every erasure for as long as the service runs: its
 * worker starts with the application (listening, and a first sweep), sweeps again on the
 * service's scheduler (`@nestjs/schedule`, needs ScheduleModule in the service), and stops
 * (waiting for a part under way) before the database pool closes.
 */
export function personaErasureJob(part: ErasurePart, settleMs: number, repository: Type<ErasurePartRepository>): Type<PersonaErasureJob> {
  @Injectable()
  class ErasureJob implements PersonaErasureJob {
    readonly worker: PersonaErasureWorker;

    constructor(
      @InjectDatabase() db: Database,
      @InjectConfig() config: ServiceConfig,
      @Inject(repository) statements: ErasurePartRepository,
    ) {
      this.worker = new PersonaErasureWorker(
        { db, databaseUrl: config.databaseUrl, applicationName: `${config.service}-erasures` },
        { part, settleMs, erase: (tx, identity) => statements.erase(tx, identity) },
      );
    }

    onApplicationBootstrap(): void {
      this.worker.start();
    }

    beforeApplicationShutdown(): Promise<void> {
      return this.worker.stop();
    }

    @Interval(`persona-erasure-${part}-sweep`, ERASURE_SWEEP_MS)
    sweep(): Promise<number> {
      return this.worker.sweep();
    }
  }
  return ErasureJob;
}
