import { Injectable, Logger } from '@nestjs/common';
import { AccountDirectory } from '@teamfit/accounts';
import { conflict, InjectConfig, notFound, type ServiceConfig, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { Mailer } from '@teamfit/mail';
import { MediaClient, mediaUpstreamError } from '@teamfit/media-client';
import { assigneeNotificationMail } from './assignee-notification.mail';
import { AttachmentRepository } from './attachment.repository';
import { CommentRepository } from './comment.repository';
import type { AdminCommentDto, ApproveChangeDto, AssignDto } from './service-request-input.dto';
import {
  type AttachmentDto,
  type CommentDto,
  mapAttachment,
  mapComment,
  mapTicket,
  type ServiceRequestDto,
} from './service-request-output.dto';
import { type TicketChanges, ServiceRequestRepository } from './service-request.repository';
import { type ActingUser, type HistoryDetails, NOT_FOUND, ServiceRequestWorkflow } from './service-request.workflow';

/** What multer hands over for the `file` part (memory storage, at most 10 MB). */
export interface AttachmentUpload {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** Administrator side: assignment (with its e-mail), comments, attachments, change decisions. */
@Injectable()
export class ServiceRequestActivityService {
  private readonly logger = new Logger(ServiceRequestActivityService.name);
  private readonly accounts: AccountDirectory;
  private readonly media: MediaClient;

  constructor(
    private readonly workflow: ServiceRequestWorkflow,
    private readonly tickets: ServiceRequestRepository,
    private readonly comments: CommentRepository,
    private readonly attachments: AttachmentRepository,
    private readonly mailer: Mailer,
    @InjectDatabase() db: Database,
    @InjectConfig() private readonly config: ServiceConfig,
  ) {
    this.accounts = new AccountDirectory(db);
    this.media = new MediaClient({ baseUrl: config.mediaServiceUrl });
  }

  /**
   * The e-mail goes out inside the transaction: if the mail server refuses, the assignment is
   * rolled back (503/502) rather than made silently without telling the assignee.
   */
  async assign(id: string, input: AssignDto, actor: ActingUser): Promise<ServiceRequestDto> {
    if (input.assigneeId === undefined && input.assigneeTeam === undefined)
      throw validationFailed('assigneeId or assigneeTeam is required');
    const assignee = input.assigneeId ? await this.accounts.findById(input.assigneeId) : undefined;
    if (input.assigneeId && !assignee) throw validationFailed('assigneeId does not name an account');
    if (assignee && assignee.status !== 'ACTIVE')
      throw validationFailed(`assigneeId names an account that is ${assignee.status}, not ACTIVE`);
    return this.workflow.mutate(id, async (tx, row, now) => {
      const changes: TicketChanges = {};
      const entries: HistoryDetails[] = [];
      if (input.assigneeId !== undefined && input.assigneeId !== row.assigneeId) {
        changes.assigneeId = input.assigneeId;
        entries.push({ field: 'assigneeId', oldValue: row.assigneeId, newValue: input.assigneeId, note: null, isInternal: true });
      }
      if (input.assigneeTeam !== undefined && input.assigneeTeam !== row.assigneeTeam) {
        changes.assigneeTeam = input.assigneeTeam;
        entries.push({ field: 'assigneeTeam', oldValue: row.assigneeTeam, newValue: input.assigneeTeam, note: null, isInternal: true });
      }
      if (entries.length === 0) return mapTicket(row);
      const updated = await this.workflow.update(tx, id, changes, now);
      await this.workflow.record(tx, id, actor, 'ASSIGNED', now, entries);
      if (assignee && changes.assigneeId) {
        await this.mailer.send(
          assigneeNotificationMail({
            to: assignee.emailAddress,
            assigneeName: `${assignee.firstName} ${assignee.lastName}`,
            requestId: id,
            title: updated.title,
            priority: updated.priority,
            status: updated.status,
            dueAt: updated.dueAt,
            adminAppOrigin: this.config.adminAppOrigin,
          }),
        );
      }
      return mapTicket(updated);
    });
  }

  /** The first public comment of the team stamps firstResponseAt; public text becomes searchable. */
  addComment(id: string, input: AdminCommentDto, actor: ActingUser): Promise<CommentDto> {
    return this.workflow.mutate(id, async (tx, row, now) => {
      const comment = await this.comments.insert(tx, {
        id: this.workflow.newId(),
        requestId: id,
        authorId: actor.id,
        authorType: 'ADMIN',
        text: input.text,
        isInternal: input.isInternal,
        createdAt: now,
      });
      const changes: TicketChanges = {};
      if (!input.isInternal && row.firstResponseAt === null) changes.firstResponseAt = now;
      await this.workflow.update(tx, id, changes, now);
      await this.workflow.record(tx, id, actor, 'COMMENT_ADDED', now, [
        {
          field: null,
          oldValue: null,
          newValue: { commentId: comment.id, isInternal: comment.isInternal },
          note: null,
          isInternal: comment.isInternal,
        },
      ]);
      if (!input.isInternal) await this.workflow.refreshSearch(tx, id);
      return mapComment(comment);
    });
  }

  async listComments(id: string): Promise<CommentDto[]> {
    if (!(await this.tickets.find(id))) throw notFound(NOT_FOUND);
    return (await this.comments.listFor(id, false)).map(mapComment);
  }

  /**
   * The file is stored first (a private media file, with the administrator's own token), then
   * listed on the ticket in one transaction; if that fails, the stored file is deleted again.
   */
  async addAttachment(id: string, file: AttachmentUpload | undefined, actor: ActingUser, authorization: string): Promise<AttachmentDto> {
    if (!file) throw validationFailed('file is required');
    const ticket = await this.tickets.find(id);
    if (!ticket || ticket.deletedAt !== null) throw notFound(NOT_FOUND);
    const stored = await this.media
      .upload({ content: file.buffer, originalName: file.originalname, isPublic: false, authorization })
      .catch((error: unknown) => {
        throw mediaUpstreamError(error, 'store the attachment');
      });
    try {
      return await this.workflow.mutate(id, async (tx, _row, now) => {
        const attachment = await this.attachments.insert(tx, {
          id: this.workflow.newId(),
          requestId: id,
          mediaId: stored.id,
          fileName: file.originalname,
          mimeType: stored.mimeType,
          size: stored.size,
          sha256: stored.sha256,
          uploadedBy: actor.id,
          createdAt: now,
        });
        await this.workflow.update(tx, id, {}, now);
        await this.workflow.record(tx, id, actor, 'ATTACHMENT_ADDED', now, [
          {
            field: null,
            oldValue: null,
            newValue: { attachmentId: attachment.id, mediaId: stored.id, fileName: file.originalname, size: stored.size },
            note: null,
            isInternal: true,
          },
        ]);
        return mapAttachment(attachment);
      });
    } catch (error) {
      await this.media
        .delete(stored.id, authorization)
        .catch((cleanup: unknown) => this.logger.warn(`could not delete the attachment file ${stored.id}: ${(cleanup as Error).message}`));
      throw error;
    }
  }

  /** CHANGE_REQUEST only; a rejection needs a note; the first decision is final. */
  approveChange(id: string, input: ApproveChangeDto, actor: ActingUser): Promise<ServiceRequestDto> {
    return this.workflow.mutate(id, async (tx, row, now) => {
      if (row.type !== 'CHANGE_REQUEST')
        throw conflict(`approve-change applies to CHANGE_REQUEST service requests only; this one is a ${row.type}`);
      const note = input.note?.trim() ? input.note.trim() : null;
      if (input.decision === 'REJECTED' && !note) throw validationFailed('note is required to reject a change');
      const current = row.typeMeta.change ?? {};
      if (current.approvalStatus === 'APPROVED' || current.approvalStatus === 'REJECTED') {
        throw conflict(
          `The change was already ${current.approvalStatus} at ${current.approvedAt ?? 'an earlier time'}; a decision cannot be changed`,
        );
      }
      const change = {
        ...current,
        approvalStatus: input.decision,
        approverId: actor.id,
        approvedAt: now.toISOString(),
        approvalNote: note,
      };
      const updated = await this.workflow.update(tx, id, { typeMeta: { ...row.typeMeta, change } }, now);
      await this.workflow.record(tx, id, actor, 'CHANGE_DECIDED', now, [
        {
          field: 'typeMeta.change.approvalStatus',
          oldValue: current.approvalStatus ?? 'PENDING',
          newValue: input.decision,
          note,
          isInternal: true,
        },
      ]);
      return mapTicket(updated);
    });
  }
}
