import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptTokens, AdminOnly, Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors, FileUploadInterceptor } from '@teamfit/common';
import { MultipartOnlyInterceptor } from '../organisations/multipart-only.interceptor';
import { type AttachmentUpload, ServiceRequestActivityService } from './service-request-activity.service';
import {
  AdminCommentDto,
  AdminListQuery,
  ApproveChangeDto,
  AssignDto,
  CreateServiceRequestDto,
  ServiceRequestIdParams,
  StatsQuery,
  StatusChangeDto,
  UpdateServiceRequestDto,
} from './service-request-input.dto';
import {
  AttachmentDto,
  CommentDto,
  HistoryEntryDto,
  ServiceRequestDeletedDto,
  ServiceRequestDetailDto,
  ServiceRequestDto,
  ServiceRequestPageDto,
  StatsDto,
} from './service-request-output.dto';
import { ServiceRequestService } from './service-request.service';
import type { ActingUser } from './service-request.workflow';

/** A service-request attachment is at most 10 MB (docs/contract.md, "Limits"); one byte more is 413 with nothing stored. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const AttachmentInterceptor = FileUploadInterceptor('file', { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

const admin = (principal: VerifiedToken): ActingUser => ({ id: principal.sub, type: 'ADMIN' });

/** /admin/service-requests (the gateway forwards the path unchanged). Administrators only (docs/contract.md, "Access"). */
@ApiTags('service-requests (admin)')
@ApiBearerAuth()
@ApiErrors({ 401: 'No Authorization header', 403: 'Invalid or expired token, or not an administrator' })
@AcceptTokens('account')
@AdminOnly()
@Controller('admin/service-requests')
export class AdminServiceRequestController {
  constructor(
    private readonly requests: ServiceRequestService,
    private readonly activity: ServiceRequestActivityService,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a service request; priority from impact × urgency and dueAt from priority when absent',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Files a ticket with status NEW and a new `_id`; `type` defaults to QUESTION and cannot change later, `priority` comes from impact × urgency when absent, and `dueAt` from the priority (CRITICAL 4 h, HIGH 24 h, MEDIUM 72 h, LOW 120 h) when absent. Writes a CREATED history entry.',
  })
  @ApiCreatedResponse({ type: ServiceRequestDto })
  @ApiErrors({ 400: 'A field is missing or invalid' })
  create(@Body() body: CreateServiceRequestDto, @Principal() principal: VerifiedToken): Promise<ServiceRequestDto> {
    return this.requests.create(body, admin(principal));
  }

  @Get()
  @ApiOperation({
    summary: 'List service requests: filters, full-text q, newest first; {items, total, page, limit}',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Answers `{items, total, page, limit}`, newest first with `_id` as tie-breaker. Filters: `status`, `priority`, `organisationId`, `assigneeId`, `createdFrom`/`createdTo` (inclusive), `includeDeleted`, and `q`, a full-text web-search query over title, description and public comments; `page` defaults to 1, `limit` to 10 (at most 100; more is 400).',
  })
  @ApiOkResponse({ type: ServiceRequestPageDto })
  @ApiErrors({ 400: 'A filter or page parameter is invalid (limit at most 100)' })
  list(@Query() query: AdminListQuery): Promise<ServiceRequestPageDto> {
    return this.requests.list(query);
  }

  @Get('stats')
  @ApiOperation({
    summary: 'Counts by status, type and priority, total and SLA breaches (deleted tickets excluded)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Counts the tickets that are not deleted, optionally those of one `organisationId` and/or `assigneeId`: `total`, `slaBreached`, and `byStatus`, `byType`, `byPriority` with every value present (0 included).',
  })
  @ApiOkResponse({ type: StatsDto })
  stats(@Query() query: StatsQuery): Promise<StatsDto> {
    return this.requests.stats(query);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a service request with its attachments (soft-deleted ones too, with deletedAt)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). The ticket with its attachments, also when soft-deleted (then with `deletedAt`); 404 when no ticket has this `_id`.',
  })
  @ApiOkResponse({ type: ServiceRequestDetailDto })
  @ApiErrors({ 404: '' })
  get(@Param() { id }: ServiceRequestIdParams): Promise<ServiceRequestDetailDto> {
    return this.requests.get(id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Edit fields; one history entry per changed field',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Changes the fields sent (`null` clears a nullable one; `type` cannot change) and writes one UPDATED history entry per changed field, derived ones included: impact or urgency without priority recomputes the priority, and a new priority moves `dueAt`. A PATCH that changes nothing writes nothing; a deleted ticket is 404.',
  })
  @ApiOkResponse({ type: ServiceRequestDto })
  @ApiErrors({ 400: '', 404: 'Missing or deleted' })
  update(
    @Param() { id }: ServiceRequestIdParams,
    @Body() body: UpdateServiceRequestDto,
    @Principal() principal: VerifiedToken,
  ): Promise<ServiceRequestDto> {
    return this.requests.update(id, body, admin(principal));
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Soft delete (sets deletedAt); no undelete',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Sets `deletedAt`, writes a DELETED history entry and takes the ticket out of lists and stats; administrators can still read it, every later change is 404 and its requester sees 404.',
  })
  @ApiOkResponse({ type: ServiceRequestDeletedDto })
  @ApiErrors({ 404: 'Missing or already deleted' })
  async remove(@Param() { id }: ServiceRequestIdParams, @Principal() principal: VerifiedToken): Promise<ServiceRequestDeletedDto> {
    await this.requests.remove(id, admin(principal));
    return { message: 'Service request deleted' };
  }

  @Post(':id/status')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Move to another status (an illegal move is 409)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Moves the ticket along the status table (NEW to OPEN or IN_PROGRESS, RESOLVED to CLOSED or REOPENED, CANCELLED from any state past OPEN that is not final, …); any other move, the current status included, is 409 with the allowed moves in `message`. RESOLVED stamps `resolvedAt` and CLOSED `closedAt`, the SLA clock stands still while PENDING_CUSTOMER or RESOLVED, and a STATUS_CHANGED history entry is written.',
  })
  @ApiOkResponse({ type: ServiceRequestDto })
  @ApiErrors({ 404: '', 409: 'Illegal move; `message` says why' })
  setStatus(
    @Param() { id }: ServiceRequestIdParams,
    @Body() body: StatusChangeDto,
    @Principal() principal: VerifiedToken,
  ): Promise<ServiceRequestDto> {
    return this.requests.setStatus(id, body, admin(principal));
  }

  @Post(':id/assign')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Assign to an account and/or a team; the new assignee is e-mailed (AssigneeNotification)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Sets `assigneeId` (an ACTIVE account, `null` unassigns) and/or `assigneeTeam`. A new assignee is e-mailed within the same transaction: if the mail cannot be sent the assignment is rolled back (503, or 502 when the mail server refuses); the same assignee again changes and sends nothing, and a team alone is e-mailed nothing.',
  })
  @ApiOkResponse({ type: ServiceRequestDto })
  @ApiErrors({ 400: 'Neither field given, or assigneeId is not an active account', 404: '' })
  assign(
    @Param() { id }: ServiceRequestIdParams,
    @Body() body: AssignDto,
    @Principal() principal: VerifiedToken,
  ): Promise<ServiceRequestDto> {
    return this.activity.assign(id, body, admin(principal));
  }

  @Post(':id/comments')
  @ApiOperation({
    summary: 'Add an internal or public comment; the first public one sets firstResponseAt',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). `isInternal` is required: internal comments stay with the team; public ones are shown to the requester and join the full-text search. The team's first public comment stamps `firstResponseAt`, and each comment writes a COMMENT_ADDED history entry.",
  })
  @ApiCreatedResponse({ type: CommentDto })
  @ApiErrors({ 404: '' })
  addComment(
    @Param() { id }: ServiceRequestIdParams,
    @Body() body: AdminCommentDto,
    @Principal() principal: VerifiedToken,
  ): Promise<CommentDto> {
    return this.activity.addComment(id, body, admin(principal));
  }

  @Get(':id/comments')
  @ApiOperation({
    summary: 'Internal and public comments, oldest first',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Every comment of the ticket, internal and public, oldest first; also for a soft-deleted ticket.',
  })
  @ApiOkResponse({ type: CommentDto, isArray: true })
  @ApiErrors({ 404: '' })
  listComments(@Param() { id }: ServiceRequestIdParams): Promise<CommentDto[]> {
    return this.activity.listComments(id);
  }

  @Post(':id/attachments')
  @UseInterceptors(MultipartOnlyInterceptor, AttachmentInterceptor)
  @ApiOperation({
    summary: 'Attach a file (multipart field `file`, at most 10 MB), stored in the media service',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Stores the file as a private media file with the caller's own token, then lists it on the ticket in one transaction (if that fails the file is deleted again); over 10 MB is 413 and nothing is stored. Attachments are for the team: the hub does not show them.",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiCreatedResponse({ type: AttachmentDto })
  @ApiErrors({ 400: 'No file part, or not multipart', 404: '', 413: 'The file is over 10 MB; nothing is stored' })
  addAttachment(
    @Param() { id }: ServiceRequestIdParams,
    @UploadedFile() file: AttachmentUpload | undefined,
    @Principal() principal: VerifiedToken,
    @Headers('authorization') authorization: string,
  ): Promise<AttachmentDto> {
    return this.activity.addAttachment(id, file, admin(principal), authorization);
  }

  @Post(':id/approve-change')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Approve or reject a CHANGE_REQUEST (once); a note is required to reject',
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Records the decision (APPROVED or REJECTED, with the caller as approver) in the ticket's `typeMeta.change`, once: another type of ticket or a second decision is 409. The status does not move; a status call follows.",
  })
  @ApiOkResponse({ type: ServiceRequestDto })
  @ApiErrors({ 400: 'Rejection without a note', 404: '', 409: 'Not a CHANGE_REQUEST, or already decided' })
  approveChange(
    @Param() { id }: ServiceRequestIdParams,
    @Body() body: ApproveChangeDto,
    @Principal() principal: VerifiedToken,
  ): Promise<ServiceRequestDto> {
    return this.activity.approveChange(id, body, admin(principal));
  }

  @Get(':id/history')
  @ApiOperation({
    summary: 'The audit trail, oldest first (append-only)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Every history entry of the ticket, oldest first: actor, action (CREATED, UPDATED, STATUS_CHANGED, ASSIGNED, COMMENT_ADDED, ATTACHMENT_ADDED, CHANGE_DECIDED, DELETED), field, old and new values, note; also for a soft-deleted ticket. Entries are never changed or removed.',
  })
  @ApiOkResponse({ type: HistoryEntryDto, isArray: true })
  @ApiErrors({ 404: '' })
  history(@Param() { id }: ServiceRequestIdParams): Promise<HistoryEntryDto[]> {
    return this.requests.historyOf(id);
  }
}
