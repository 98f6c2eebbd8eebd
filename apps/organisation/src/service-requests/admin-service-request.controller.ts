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
  @ApiOperation({ summary: 'Create a service request; priority from impact × urgency and dueAt from priority when absent' })
  @ApiCreatedResponse({ type: ServiceRequestDto })
  @ApiErrors({ 400: 'A field is missing or invalid' })
  create(@Body() body: CreateServiceRequestDto, @Principal() principal: VerifiedToken): Promise<ServiceRequestDto> {
    return this.requests.create(body, admin(principal));
  }

  @Get()
  @ApiOperation({ summary: 'List service requests: filters, full-text q, newest first; {items, total, page, limit}' })
  @ApiOkResponse({ type: ServiceRequestPageDto })
  @ApiErrors({ 400: 'A filter or page parameter is invalid (limit at most 100)' })
  list(@Query() query: AdminListQuery): Promise<ServiceRequestPageDto> {
    return this.requests.list(query);
  }

  @Get('stats')
  @ApiOperation({ summary: 'Counts by status, type and priority, total and SLA breaches (deleted tickets excluded)' })
  @ApiOkResponse({ type: StatsDto })
  stats(@Query() query: StatsQuery): Promise<StatsDto> {
    return this.requests.stats(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a service request with its attachments (soft-deleted ones too, with deletedAt)' })
  @ApiOkResponse({ type: ServiceRequestDetailDto })
  @ApiErrors({ 404: '' })
  get(@Param() { id }: ServiceRequestIdParams): Promise<ServiceRequestDetailDto> {
    return this.requests.get(id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Edit fields; one history entry per changed field' })
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
  @ApiOperation({ summary: 'Soft delete (sets deletedAt); no undelete' })
  @ApiOkResponse({ type: ServiceRequestDeletedDto })
  @ApiErrors({ 404: 'Missing or already deleted' })
  async remove(@Param() { id }: ServiceRequestIdParams, @Principal() principal: VerifiedToken): Promise<ServiceRequestDeletedDto> {
    await this.requests.remove(id, admin(principal));
    return { message: 'Service request deleted' };
  }

  @Post(':id/status')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move to another status (an illegal move is 409)' })
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
  @ApiOperation({ summary: 'Assign to an account and/or a team; the new assignee is e-mailed (AssigneeNotification)' })
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
  @ApiOperation({ summary: 'Add an internal or public comment; the first public one sets firstResponseAt' })
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
  @ApiOperation({ summary: 'Internal and public comments, oldest first' })
  @ApiOkResponse({ type: CommentDto, isArray: true })
  @ApiErrors({ 404: '' })
  listComments(@Param() { id }: ServiceRequestIdParams): Promise<CommentDto[]> {
    return this.activity.listComments(id);
  }

  @Post(':id/attachments')
  @UseInterceptors(MultipartOnlyInterceptor, AttachmentInterceptor)
  @ApiOperation({ summary: 'Attach a file (multipart field `file`, at most 10 MB), stored in the media service' })
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
  @ApiOperation({ summary: 'Approve or reject a CHANGE_REQUEST (once); a note is required to reject' })
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
  @ApiOperation({ summary: 'The audit trail, oldest first (append-only)' })
  @ApiOkResponse({ type: HistoryEntryDto, isArray: true })
  @ApiErrors({ 404: '' })
  history(@Param() { id }: ServiceRequestIdParams): Promise<HistoryEntryDto[]> {
    return this.requests.historyOf(id);
  }
}
