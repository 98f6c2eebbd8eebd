import { Injectable } from '@nestjs/common';
import type { Executor } from '@teamfit/database';
import type { ErasureIdentity, IdentityScrubber } from '@teamfit/privacy';
import { sql } from 'drizzle-orm';
import {
  serviceRequestAttachments,
  serviceRequestComments,
  serviceRequestHistory,
  serviceRequests,
} from '../database/service-requests.tables';
import { AttachmentRepository } from '../service-requests/attachment.repository';
import { CommentRepository } from '../service-requests/comment.repository';
import { HistoryRepository } from '../service-requests/history.repository';
import { ServiceRequestRepository } from '../service-requests/service-request.repository';
import { textArray } from './sql-lists';

export interface ServiceRequestErasureCounts {
  serviceRequests: number;
  comments: number;
  historyEntries: number;
  attachments: number;
}

/**
 * Service requests stay for the organisation's records; the persona leaves them. Tickets it raised
 * (or that were raised on its behalf) lose every trace of it: requester, comment authors, history
 * actors and uploaders become `[erased]`, and its id, addresses and names are scrubbed from
 * titles, descriptions, comments, history values and type details. Any other ticket that names
 * its id or an address of it is scrubbed of those (not of names, which may be someone else's).
 * The history is append-only for the application; erasure is the one exception. Tickets are
 * locked in id order before anything changes, as every ticket change locks its ticket first.
 * This class finds the tickets; the service-requests repositories, which own the tables, write them.
 */
@Injectable()
export class ServiceRequestErasureRepository {
  constructor(
    private readonly tickets: ServiceRequestRepository,
    private readonly comments: CommentRepository,
    private readonly history: HistoryRepository,
    private readonly attachments: AttachmentRepository,
  ) {}

  async erase(
    tx: Executor,
    identity: ErasureIdentity,
    own: IdentityScrubber,
    mentions: IdentityScrubber,
  ): Promise<ServiceRequestErasureCounts> {
    const counts: ServiceRequestErasureCounts = { serviceRequests: 0, comments: 0, historyEntries: 0, attachments: 0 };
    const ownIds = new Set(await this.raisedBy(tx, identity.personaId));
    const ids = [...new Set([...ownIds, ...(await this.mentioning(tx, identity.personaId, mentions.likePatterns))])].sort();
    if (ids.length === 0) return counts;
    await this.tickets.lockAll(tx, ids);
    for (const id of ids) {
      const scrubber = ownIds.has(id) ? own : mentions;
      const changed = await this.scrubTicket(tx, id, scrubber, counts);
      if (changed) await this.tickets.refreshSearch(tx, id);
    }
    return counts;
  }

  private async raisedBy(tx: Executor, personaId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(
        sql`(${serviceRequests.requesterKind} = 'persona' AND ${serviceRequests.requesterId} = ${personaId}) OR ${serviceRequests.onBehalfOfUserId} = ${personaId}`,
      );
    return rows.map((row) => row.id);
  }

  /** Tickets anything of which names the persona's id or one of its addresses (a coarse filter; the scrubber decides). */
  private async mentioning(tx: Executor, personaId: string, patterns: readonly string[]): Promise<string[]> {
    const any = textArray(patterns);
    const { rows } = await tx.execute<{ id: string }>(sql`
      SELECT id FROM ${serviceRequests}
       WHERE title ILIKE ANY(${any}) OR description ILIKE ANY(${any}) OR type_meta::text ILIKE ANY(${any})
      UNION SELECT request_id FROM ${serviceRequestComments} WHERE author_id = ${personaId} OR text ILIKE ANY(${any})
      UNION SELECT request_id FROM ${serviceRequestHistory}
       WHERE actor_id = ${personaId} OR note ILIKE ANY(${any}) OR old_value::text ILIKE ANY(${any}) OR new_value::text ILIKE ANY(${any})
      UNION SELECT request_id FROM ${serviceRequestAttachments} WHERE uploaded_by = ${personaId} OR file_name ILIKE ANY(${any})`);
    return rows.map((row) => row.id);
  }

  /** Whether the search document needs rewriting (title, description or a comment changed). */
  private async scrubTicket(tx: Executor, id: string, scrubber: IdentityScrubber, counts: ServiceRequestErasureCounts): Promise<boolean> {
    const ticket = await this.tickets.find(id, tx);
    if (!ticket) return false;
    const text = (value: string | null) => (value === null ? null : scrubber.scrubText(value));
    const ticketChanges = {
      requesterId: scrubber.scrubText(ticket.requesterId),
      onBehalfOfUserId: text(ticket.onBehalfOfUserId),
      title: scrubber.scrubText(ticket.title),
      description: text(ticket.description),
      typeMeta: scrubber.scrubJson(ticket.typeMeta) as typeof ticket.typeMeta,
    };
    const textChanged = ticketChanges.title !== ticket.title || ticketChanges.description !== ticket.description;
    if (textChanged || differs(ticketChanges, ticket)) {
      await this.tickets.update(tx, id, ticketChanges);
      counts.serviceRequests += 1;
    }
    let commentChanged = false;
    for (const comment of await this.comments.listFor(id, false, tx)) {
      const changes = { authorId: scrubber.scrubText(comment.authorId), text: scrubber.scrubText(comment.text) };
      if (!differs(changes, comment)) continue;
      await this.comments.scrub(tx, comment.id, changes);
      counts.comments += 1;
      commentChanged = true;
    }
    for (const entry of await this.history.listFor(id, false, tx)) {
      const changes = {
        actorId: scrubber.scrubText(entry.actorId),
        note: text(entry.note),
        oldValue: scrubber.scrubJson(entry.oldValue),
        newValue: scrubber.scrubJson(entry.newValue),
      };
      if (!differs(changes, entry)) continue;
      await this.history.scrub(tx, entry.id, changes);
      counts.historyEntries += 1;
    }
    for (const attachment of await this.attachments.listFor(id, tx)) {
      const changes = { uploadedBy: scrubber.scrubText(attachment.uploadedBy), fileName: scrubber.scrubText(attachment.fileName) };
      if (!differs(changes, attachment)) continue;
      await this.attachments.scrub(tx, attachment.id, changes);
      counts.attachments += 1;
    }
    return textChanged || commentChanged;
  }
}

/** Whether any of the changed fields differs from the stored row (JSON compared by its text). */
function differs(changes: Record<string, unknown>, row: Record<string, unknown>): boolean {
  return Object.entries(changes).some(([key, value]) => JSON.stringify(value) !== JSON.stringify(row[key]));
}
