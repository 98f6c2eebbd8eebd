import type { ReadSnapshot } from '@teamfit/database';

/** A service request a persona raised, as the hub shows it to its requester, plus its deletion. */
export interface ExportedServiceRequestRow {
  id: string;
  title: string;
  description: string | null;
  type: string;
  status: string;
  priority: string;
  urgency: string | null;
  impact: string | null;
  category: string | null;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A public comment on one of those requests (internal notes of the support team are not included). */
export interface ExportedCommentRow {
  id: string;
  requestId: string;
  authorType: string;
  text: string;
  createdAt: Date;
}

/**
 * The organisation service's read module for a persona's export (the profile service answers it):
 * the service requests the persona filed with its own token, and their public comments, read in
 * the caller's snapshot. Owner-maintained SQL over the organisation schema, read-only.
 */
export class ServiceRequestExportReader {
  constructor(private readonly snapshot: ReadSnapshot) {}

  /** Oldest first, deleted ones included (the record is still held). */
  requests(personaId: string, batchSize: number): AsyncGenerator<ExportedServiceRequestRow[], void, undefined> {
    return this.snapshot.batches<ExportedServiceRequestRow>(
      `SELECT id, title, description, type, status, priority, urgency, impact, category,
              first_response_at AS "firstResponseAt", resolved_at AS "resolvedAt", closed_at AS "closedAt",
              created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt"
         FROM organisation.service_requests
        WHERE requester_kind = 'persona' AND requester_id = $1
        ORDER BY created_at, id`,
      [personaId],
      batchSize,
    );
  }

  /** The public comments of these requests, each request's oldest first. */
  publicComments(requestIds: readonly string[]): Promise<ExportedCommentRow[]> {
    return this.snapshot.rows<ExportedCommentRow>(
      `SELECT id, request_id AS "requestId", author_type AS "authorType", text, created_at AS "createdAt"
         FROM organisation.service_request_comments
        WHERE request_id = ANY ($1::char(24)[]) AND NOT is_internal
        ORDER BY request_id, created_at, id`,
      [requestIds],
    );
  }
}
