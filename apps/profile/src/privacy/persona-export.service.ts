import { Injectable, Logger } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import { forbidden, notFound } from '@teamfit/common';
import { type Database, InjectDatabase, PooledReadSnapshot } from '@teamfit/database';
import { Readable } from 'node:stream';
import { personaExportDocument } from './persona-export.document';
import { PersonaExportRepository } from './persona-export.repository';

/**
 * A client that stops reading for this long loses its export: the snapshot (a connection of the
 * pool and an old transaction) is not held for a reader that has gone quiet.
 */
export const EXPORT_IDLE_TIMEOUT_MS = 60_000;

/**
 * A persona's data export (administrators; a persona for itself). Everything is read from one
 * REPEATABLE READ snapshot of the database, through the read modules of the services that own
 * each schema, so the document is consistent across services: docs/adr/0039-persona-export-in-one-snapshot.md
 * says why not over HTTP.
 */
@Injectable()
export class PersonaExportService {
  private readonly logger = new Logger('PersonaExport');

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: PersonaExportRepository,
  ) {}

  /**
   * Checks the caller and the persona, then hands back the document as a stream that reads as it
   * is consumed. Everything that can be refused is refused before the first byte, in the
   * platform's error body; a failure later can only cut the stream short.
   */
  async open(id: string, caller: VerifiedToken): Promise<Readable> {
    if (caller.kind === 'persona' && caller.personaId !== id) throw forbidden('A persona may export only its own data');
    if (caller.kind === 'account' && caller.isAdmin !== true) throw forbidden('Administrator rights are required');
    const snapshot = await PooledReadSnapshot.open(this.db.$client, { idleTimeoutMs: EXPORT_IDLE_TIMEOUT_MS });
    try {
      const persona = await this.repository.persona(snapshot, id);
      if (!persona) throw notFound('Persona');
      const document = personaExportDocument({ snapshot, persona, profile: this.repository, exportedAt: new Date() });
      return Readable.from(this.closingAfter(document, snapshot), { objectMode: false });
    } catch (error) {
      await snapshot.close();
      throw error;
    }
  }

  /** The document, then the snapshot closed: at its end, on a failure, or when the reader goes away. */
  private async *closingAfter(
    document: AsyncGenerator<string, void, undefined>,
    snapshot: PooledReadSnapshot,
  ): AsyncGenerator<string, void, undefined> {
    try {
      yield* document;
    } catch (error) {
      this.logger.warn(`a persona export failed while streaming and was cut short: ${(error as Error).message}`);
      throw error;
    } finally {
      await snapshot.close();
    }
  }
}
